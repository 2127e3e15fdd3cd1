import type { PinAction } from './pin';

// Other screens ask for the PIN through the #pincode hash modal. A request cannot travel
// in the history state (functions do not survive structured cloning), so it waits here
// and the modal receives only its id.

export interface PinRequest {
  action: PinAction;
  /**
   * Runs the protected call with the entered PIN and resolves with the server's pass_until
   * (unix seconds) when it tells one. A rejection with wrong_parental_code or rate_limited
   * keeps the modal open with the error. Without it the modal checks the PIN itself.
   */
  attempt?: (code: string) => Promise<number | null | void>;
}

interface Pending extends PinRequest {
  settle: (ok: boolean) => void;
}

const pending = new Map<number, Pending>();
let nextId = 1;

export function addPinRequest(request: PinRequest, settle: (ok: boolean) => void): number {
  const id = nextId++;
  pending.set(id, { ...request, settle });
  return id;
}

export function getPinRequest(id: unknown): Pending | undefined {
  return typeof id === 'number' ? pending.get(id) : undefined;
}

/** Resolves the requester's promise once; later calls do nothing. */
export function settlePinRequest(id: unknown, ok: boolean): void {
  const request = getPinRequest(id);
  if (!request) return;
  pending.delete(id as number);
  request.settle(ok);
}

export interface PincodeModalData {
  requestId?: number;
  action?: PinAction;
}

const cancelTimers = new Map<number, ReturnType<typeof setTimeout>>();

/**
 * The modal unmounted: cancel the request unless it mounts again at once (React's strict
 * mode unmounts and remounts every component in development).
 */
export function scheduleCancel(id: unknown): void {
  if (typeof id !== 'number' || !pending.has(id)) return;
  cancelTimers.set(
    id,
    setTimeout(() => {
      cancelTimers.delete(id);
      settlePinRequest(id, false);
    }, 0),
  );
}

export function keepPinRequest(id: unknown): void {
  if (typeof id !== 'number') return;
  const timer = cancelTimers.get(id);
  if (timer !== undefined) clearTimeout(timer);
  cancelTimers.delete(id);
}
