import { useEffect, useState } from 'react';
import { fetchTransaction } from './api';
import { TRANSACTION_POLL_MAX_MS, TRANSACTION_POLL_MS, nextPollStep, pollFailureStep } from './rules/transaction';
import type { Transaction } from './types';

export type PollState =
  | { phase: 'polling'; tx: Transaction | null }
  | { phase: 'complete'; tx: Transaction }
  | { phase: 'error'; tx: Transaction; description: string }
  | { phase: 'timeout'; tx: Transaction | null }
  /** 404: the transaction is not this viewer's (or gone): silent. */
  | { phase: 'gone' }
  | { phase: 'failed'; error: unknown };

/**
 * Polls GET /users/self/transactions/{id} by the spec's constants (rules/transaction.ts):
 * at once, then every 5 s (card links every 300 / 600 ms) until it completes, fails or
 * polling gives up. null: nothing to poll.
 */
export function useTransactionPolling(id: number | null): PollState {
  const [state, setState] = useState<PollState>({ phase: 'polling', tx: null });

  useEffect(() => {
    if (id === null) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const controller = new AbortController();
    const startedAtMs = Date.now();
    setState({ phase: 'polling', tx: null });

    const tick = async () => {
      try {
        const tx = await fetchTransaction(id, { signal: controller.signal });
        if (stopped) return;
        const step = nextPollStep(tx, { startedAtMs, nowMs: Date.now() });
        if (step.kind === 'wait') {
          setState({ phase: 'polling', tx });
          timer = setTimeout(tick, step.delayMs);
        } else if (step.kind === 'complete') setState({ phase: 'complete', tx });
        else if (step.kind === 'error') setState({ phase: 'error', tx, description: step.description });
        else setState({ phase: 'timeout', tx });
      } catch (e) {
        if (stopped) return;
        const next = pollFailureStep(e);
        if (next === 'retry') {
          if (Date.now() - startedAtMs >= TRANSACTION_POLL_MAX_MS) setState({ phase: 'timeout', tx: null });
          else timer = setTimeout(tick, TRANSACTION_POLL_MS);
        } else if (next === 'silent') setState({ phase: 'gone' });
        else setState({ phase: 'failed', error: e });
      }
    };
    void tick();
    return () => {
      stopped = true;
      clearTimeout(timer);
      controller.abort();
    };
  }, [id]);

  return state;
}
