import { createStore } from '@/shared/lib/createStore';
import { shortPassMs, type PinAction } from './pin';

// The client's mirror of the PIN pass. Memory only: the PIN itself is never kept, and a
// reload forgets the mirror (the server still holds the pass on the token).

interface PassState {
  passUntilMs: number;
  shortPassUntilMs: number;
}

export const passStore = createStore<PassState>({ passUntilMs: 0, shortPassUntilMs: 0 });

/** After a right PIN: the short pass, plus the server's pass_until (unix seconds) when known. */
export function recordPass(action: PinAction, passUntilSec: number | null, nowMs: number = Date.now()): void {
  passStore.set((s) => ({
    shortPassUntilMs: nowMs + shortPassMs(action),
    passUntilMs: passUntilSec !== null ? passUntilSec * 1000 : s.passUntilMs,
  }));
}

/** A switch to a child profile ends the pass on the server; the mirror follows. */
export function clearPass(): void {
  passStore.set({ passUntilMs: 0, shortPassUntilMs: 0 });
}
