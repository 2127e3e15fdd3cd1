// The viewer's activity (spec 4 "Other", spec 9): the app is active while the last user
// action is less than 30 minutes old and the tab is visible. Background work (messages
// refresh, keep-alive) runs only then and resumes on the first action after a pause.

export const ACTIVE_WINDOW_MS = 30 * 60 * 1000;

/** True while the last action is less than 30 minutes old. */
export function isActiveAt(lastAction: number, now: number): boolean {
  return now - lastAction < ACTIVE_WINDOW_MS;
}

/** What a background schedule needs to know about the viewer. */
export interface ActivitySource {
  /** Milliseconds since epoch of the last user action. */
  lastAction(): number;
  /** The tab is visible. */
  isVisible(): boolean;
  /**
   * Called when the picture changes: the tab is hidden or shown again, or the viewer acts
   * after 30 minutes without an action. Returns the unsubscribe function.
   */
  subscribe(listener: () => void): () => void;
}

/** User actions that count as activity; all listened to passively. */
export const ACTIVITY_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'wheel', 'touchstart', 'scroll'] as const;

export interface ActivityTracker extends ActivitySource {
  /** Attaches the listeners (reference-counted); the returned function detaches them. */
  start(): () => void;
}

export function createActivityTracker(win: Window = window, now: () => number = Date.now): ActivityTracker {
  let last = now();
  let users = 0;
  const listeners = new Set<() => void>();
  const notify = () => listeners.forEach((l) => l());

  const onAction = () => {
    const t = now();
    const wasActive = isActiveAt(last, t);
    last = t;
    if (!wasActive) notify();
  };
  const onVisibility = () => {
    // Showing the tab again is an action too.
    if (!win.document.hidden) last = now();
    notify();
  };
  const options: AddEventListenerOptions = { passive: true, capture: true };

  return {
    lastAction: () => last,
    isVisible: () => !win.document.hidden,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    start() {
      if (users++ === 0) {
        for (const type of ACTIVITY_EVENTS) win.addEventListener(type, onAction, options);
        win.document.addEventListener('visibilitychange', onVisibility, options);
      }
      let stopped = false;
      return () => {
        if (stopped) return;
        stopped = true;
        if (--users === 0) {
          for (const type of ACTIVITY_EVENTS) win.removeEventListener(type, onAction, options);
          win.document.removeEventListener('visibilitychange', onVisibility, options);
        }
      };
    },
  };
}

let shared: ActivityTracker | null = null;

/** The tracker of this page, shared by every background schedule. */
export function pageActivity(): ActivityTracker {
  shared ??= createActivityTracker();
  return shared;
}
