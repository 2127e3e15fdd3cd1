// Leaving the client: the gateway's hosted page in this window, or the full site in a new
// window for embedded pages. Kept apart so tests can watch where the flow sends the viewer.

export function leaveFor(url: string): void {
  window.location.assign(url);
}

export function openNewWindow(url: string): void {
  window.open(url, '_blank', 'noopener');
}
