// Features ask the app to start again (after logout, a profile switch that needs a clean
// slate, ...) without importing src/app: the app registers the handler at start.

let handler: () => Promise<void> = async () => {
  window.location.reload();
};

export function setRestartHandler(next: () => Promise<void>): void {
  handler = next;
}

export function requestRestart(): Promise<void> {
  return handler();
}
