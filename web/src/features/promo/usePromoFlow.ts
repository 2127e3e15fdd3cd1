import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { errorMessage } from '@/shared/lib/errorMessage';
import { modalFromHash, useModalNavigation, type ModalName, type NavigationState } from '@/shared/lib/modalNavigation';
import { useSession } from '@/shared/session';
import { applyPromo, checkPromo, fetchCards } from './api';
import { clearPending, readPending, savePending } from './pendingPromo';
import { promoFailure, stepAfterCheck, stepOnSubmit, type PromoStep } from './rules/promoFlow';
import { normalisePromoKey, PROMO_KEY_MAX_LENGTH, promoKeyProblem } from './rules/promoKey';
import type { PromoData } from './types';

/** Spec 4 "Transaction": the card-link result is polled every 300 ms (600 ms with a payment pending) for 10 s. */
export const CARD_POLL_MS = 300;
export const CARD_POLL_PENDING_MS = 600;
export const CARD_POLL_TIMEOUT_MS = 10_000;

export interface PromoFlowState {
  step: PromoStep;
  key: string;
  busy: boolean;
  /** Shown on step 1: the server's message or ours, already translated. */
  error: string | null;
  promo: PromoData | null;
  /** Step 3: waiting for the card linked in #card to appear. */
  cardWaiting: boolean;
  cardFailed: boolean;
}

export interface PromoFlow {
  state: PromoFlowState;
  setKey(value: string): void;
  submit(): void;
  signIn(): void;
  linkCard(): void;
  confirm(): void;
  /** Back to step 1 with the code kept. */
  restart(): void;
  /** The viewer leaves the flow: nothing of it is kept. */
  leave(): void;
}

const blank: PromoFlowState = { step: 'enter', key: '', busy: false, error: null, promo: null, cardWaiting: false, cardFailed: false };

type Resume = 'check' | 'card' | 'cardDialog' | null;

/**
 * The promo-code flow of the #promocode dialogs and the /promo and /gift pages: check the
 * code, sign in first for guests (#auth, then back here with the code), link a card for a
 * paid key (#card, then poll the cards) or confirm, apply, tell what was given.
 * `returnModal` is the dialog to reopen after #auth; a page passes none (it stays mounted).
 */
export function usePromoFlow({ presetKey = '', returnModal = null }: { presetKey?: string; returnModal?: ModalName | null }): PromoFlow {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { isLogged, pendingTransaction } = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const { open } = useModalNavigation();

  // A trip to #auth or #card that came back: start where it left off.
  const [start] = useState<{ state: PromoFlowState; resume: Resume }>(() => {
    const pending = readPending();
    if (pending?.stage === 'card' && isLogged) {
      // The dialog sent the viewer to the promo page with #card open over it: wait for it to close.
      const cardOpen = modalFromHash(location.hash) === 'card';
      return { state: { ...blank, step: 'card', key: pending.key, promo: pending.promo, cardWaiting: !cardOpen }, resume: cardOpen ? 'cardDialog' : 'card' };
    }
    if (pending) return { state: { ...blank, key: pending.key }, resume: isLogged ? 'check' : null };
    return { state: { ...blank, key: presetKey.slice(0, PROMO_KEY_MAX_LENGTH) }, resume: null };
  });
  const [state, setState] = useState<PromoFlowState>(start.state);
  const patch = useCallback((next: Partial<PromoFlowState>) => setState((s) => ({ ...s, ...next })), []);
  const handingOver = useRef(false);
  const cardOpened = useRef(false);
  const resumed = useRef(false);

  const fail = useCallback(
    (e: unknown, promo: PromoData | null) => {
      const f = promoFailure(e);
      if (f.step === 'card' && promo) {
        patch({ step: 'card', promo, busy: false, cardWaiting: false, cardFailed: false });
        return;
      }
      const reason = f.step === 'enter' ? f.reason : 'other';
      const fallback = reason === 'invalid' ? t('promo.invalid') : reason === 'rateLimited' ? t('promo.rateLimited') : errorMessage(t, e);
      patch({ step: 'enter', busy: false, promo: null, cardWaiting: false, error: (f.step === 'enter' && f.message) || fallback });
    },
    [patch, t],
  );

  const apply = useCallback(
    async (key: string, promo: PromoData) => {
      patch({ busy: true, error: null });
      try {
        const given = await applyPromo(key);
        patch({ step: 'success', promo: given ?? promo, busy: false });
        // What the key gave opens channels, contents and packets: read everything again.
        await queryClient.invalidateQueries();
      } catch (e) {
        fail(e, promo);
      }
    },
    [fail, patch, queryClient],
  );

  /** After the check, or once a card is there: confirm, or apply at once. */
  const proceed = useCallback(
    async (key: string, promo: PromoData, hasCard: boolean) => {
      const next = stepAfterCheck(promo, hasCard);
      if (next === 'apply') await apply(key, promo);
      else patch({ step: next, promo, busy: false, cardWaiting: false, cardFailed: false });
    },
    [apply, patch],
  );

  const check = useCallback(
    async (raw: string) => {
      const key = normalisePromoKey(raw);
      if (promoKeyProblem(key)) return;
      patch({ key, busy: true, error: null });
      let promo: PromoData | null = null;
      try {
        promo = await checkPromo(key);
        const hasCard = promo.is_paid ? (await fetchCards()).length > 0 : true;
        await proceed(key, promo, hasCard);
      } catch (e) {
        fail(e, promo);
      }
    },
    [fail, patch, proceed],
  );

  const pollCard = useCallback(
    async (key: string, promo: PromoData) => {
      patch({ step: 'card', promo, cardWaiting: true, cardFailed: false });
      const every = pendingTransaction ? CARD_POLL_PENDING_MS : CARD_POLL_MS;
      const until = Date.now() + CARD_POLL_TIMEOUT_MS;
      while (Date.now() < until) {
        try {
          if ((await fetchCards()).length > 0) {
            await proceed(key, promo, true);
            return;
          }
        } catch {
          // A failed read is one attempt; the timeout decides.
        }
        await new Promise((r) => setTimeout(r, every));
      }
      patch({ cardWaiting: false, cardFailed: true });
    },
    [patch, pendingTransaction, proceed],
  );

  // Resume a trip once (StrictMode runs effects twice; refs survive that).
  useEffect(() => {
    if (resumed.current) return;
    resumed.current = true;
    if (start.resume === 'cardDialog') {
      // Still linking: a reload through the gateway's page must find the trip again.
      cardOpened.current = true;
      handingOver.current = true;
      return;
    }
    clearPending();
    if (start.resume === 'check') void check(start.state.key);
    if (start.resume === 'card' && start.state.promo) void pollCard(start.state.key, start.state.promo);
  }, [check, pollCard, start]);

  // A page stays mounted under #auth: the sign-in finishing is seen here.
  useEffect(() => {
    if (state.step !== 'login' || !isLogged) return;
    handingOver.current = false;
    clearPending();
    void check(state.key);
  }, [state.step, state.key, isLogged, check]);

  // ... and under #card: once that dialog is gone, look for the new card.
  const hashModal = modalFromHash(location.hash);
  useEffect(() => {
    if (!cardOpened.current || hashModal === 'card' || !state.promo) return;
    cardOpened.current = false;
    handingOver.current = false;
    clearPending();
    void pollCard(state.key, state.promo);
  }, [hashModal, pollCard, state.key, state.promo]);

  // Leaving drops the flow; a trip to #auth or #card keeps what it needs to come back.
  useEffect(
    () => () => {
      if (!handingOver.current) clearPending();
    },
    [],
  );

  return {
    state,
    setKey: (value) => patch({ key: value, error: null }),
    submit() {
      if (state.busy || promoKeyProblem(state.key)) return;
      if (stepOnSubmit(isLogged) === 'login') patch({ step: 'login', key: normalisePromoKey(state.key), error: null });
      else void check(state.key);
    },
    signIn() {
      const key = normalisePromoKey(state.key);
      savePending({ stage: 'login', key, at: Date.now() });
      handingOver.current = true;
      const here = location.pathname + location.search;
      const current = (location.state ?? {}) as NavigationState;
      const next: NavigationState = { ...current, modalData: undefined, returnTo: returnModal ? `${here}#${returnModal}` : here };
      navigate({ pathname: location.pathname, search: location.search, hash: 'auth' }, { replace: true, state: next });
    },
    linkCard() {
      const promo = state.promo;
      if (!promo) return;
      savePending({ stage: 'card', key: state.key, promo, at: Date.now() });
      handingOver.current = true;
      // The card dialog is the payments area's. It learns the key's refund rule and where the
      // viewer comes back after the gateway's page: the promo page, which holds the flow
      // under #card and picks it up again after a reload. A dialog hands over to that page.
      const page = `/promo/${encodeURIComponent(state.key)}`;
      const data = { needed_refund: promo.needed_refund, return_url: returnModal ? page : location.pathname + location.search, reason: 'promo' };
      if (returnModal) {
        navigate({ pathname: page, hash: 'card' }, { state: { modalData: data } satisfies NavigationState });
        return;
      }
      cardOpened.current = true;
      open('card', data);
    },
    confirm() {
      if (state.promo && !state.busy) void apply(state.key, state.promo);
    },
    restart: () => patch({ step: 'enter', busy: false, promo: null, cardWaiting: false, cardFailed: false }),
    leave() {
      handingOver.current = false;
      clearPending();
      setState(blank);
    },
  };
}
