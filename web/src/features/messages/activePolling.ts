import { isActiveAt, type ActivitySource } from './activity';

// A repeating task that runs only while the viewer is active and the tab is visible.
// It pauses when a tick finds the viewer inactive or the tab hidden (a hidden tab stops it
// at once) and resumes on the next action: at once when a whole interval has passed since
// the last run, otherwise when the rest of the interval has passed.

export interface ActivePollingOptions {
  intervalMs: number;
  task: () => void;
  activity: ActivitySource;
  now?: () => number;
}

export function startActivePolling({ intervalMs, task, activity, now = Date.now }: ActivePollingOptions): () => void {
  let lastRun = now();
  let timer: ReturnType<typeof setTimeout> | null = null;
  let stopped = false;

  const canRun = () => activity.isVisible() && isActiveAt(activity.lastAction(), now());
  const clear = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
  };
  const schedule = (delay: number) => {
    clear();
    timer = setTimeout(tick, Math.max(0, delay));
  };
  function tick() {
    timer = null;
    if (stopped || !canRun()) return; // paused until the activity source reports a change
    lastRun = now();
    task();
    schedule(intervalMs);
  }

  const unsubscribe = activity.subscribe(() => {
    if (stopped) return;
    if (!canRun()) {
      clear();
      return;
    }
    if (timer === null) schedule(lastRun + intervalMs - now());
  });

  schedule(intervalMs);
  return () => {
    stopped = true;
    clear();
    unsubscribe();
  };
}
