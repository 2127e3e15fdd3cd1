// Times on the controls: media durations as h:mm:ss, wall clock as the viewer's local time.

export function formatDuration(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0) seconds = 0;
  const s = Math.floor(seconds);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

export function formatClock(unix: number, language: string, seconds = true): string {
  try {
    return new Intl.DateTimeFormat(language, { hour: '2-digit', minute: '2-digit', second: seconds ? '2-digit' : undefined }).format(new Date(unix * 1000));
  } catch {
    return new Date(unix * 1000).toLocaleTimeString();
  }
}
