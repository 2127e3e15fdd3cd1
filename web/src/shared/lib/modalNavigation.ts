import { createContext, useCallback, useContext, useEffect, type RefObject } from 'react';
import { useLocation, useNavigate, type Location } from 'react-router';

// URL-addressed modals (spec "Modals (tracked by URL hash)") and modal pages (routes
// rendered over the page below them). The components of the hash modals are registered
// in src/app/modals; features open them by name through these helpers.

export const MODAL_NAMES = [
  'message',
  'auth',
  'profiles',
  'confirm',
  'paysystems',
  'refill',
  'confirm_period',
  'pay_redirect',
  'card',
  'pay_card',
  'pay_phone_sms',
  'pay_qr',
  'pay_qr_alma',
  'pay_transaction',
  'pay_iframe',
  'subscription',
  'nofunds',
  'quick_packets',
  'packets_channels',
  'pincode',
  'parental',
  'parental_set',
  'parental_start',
  'smarttv',
  'push',
  'block_alma',
  'promocode',
  'promocode_new',
  'install',
] as const;

export type ModalName = (typeof MODAL_NAMES)[number];

/** Payment and confirm modals add a history entry; the others replace the current one. */
export function modalAddsHistory(name: ModalName): boolean {
  return name.startsWith('pay') || name.startsWith('confirm') || ['card', 'refill', 'nofunds', 'subscription'].includes(name);
}

export function modalFromHash(hash: string): ModalName | null {
  const name = hash.replace(/^#/, '').split(/[?&]/)[0] ?? '';
  return (MODAL_NAMES as readonly string[]).includes(name) ? (name as ModalName) : null;
}

export interface NavigationState {
  /** The page a modal page is rendered over. */
  backgroundLocation?: Location;
  /** The address (path and query) of the page the modal page was opened from. */
  from?: string;
  /** Data for the hash modal (e.g. the title and text of #message). */
  modalData?: unknown;
  /** Where to go after a successful login started from a protected page. */
  returnTo?: string;
}

export function useModalNavigation() {
  const location = useLocation();
  const navigate = useNavigate();
  const state = (location.state ?? {}) as NavigationState;

  const open = useCallback(
    (name: ModalName, modalData?: unknown) => {
      navigate(
        { pathname: location.pathname, search: location.search, hash: name },
        { replace: !modalAddsHistory(name), state: { ...state, modalData } },
      );
    },
    [location.pathname, location.search, navigate, state],
  );

  const close = useCallback(() => {
    const { modalData: _drop, ...rest } = state;
    navigate({ pathname: location.pathname, search: location.search, hash: '' }, { replace: true, state: rest });
  }, [location.pathname, location.search, navigate, state]);

  return { open, close, data: state.modalData };
}

/** Link state that opens a modal page over the current page. */
export function useModalPageState(): NavigationState {
  const location = useLocation();
  const state = (location.state ?? {}) as NavigationState;
  // Chained modal pages (content -> person) keep the page that is really underneath.
  return { backgroundLocation: state.backgroundLocation ?? location, from: location.pathname + location.search };
}

/**
 * The open modal page's close, which the screen inside may take over (the player closes to
 * its content's page, not to the page underneath). The modal page provides the slot.
 */
export const ModalPageCloseContext = createContext<RefObject<(() => void) | null> | null>(null);

/** Makes `close` what closing the surrounding modal page does while the caller is mounted; null gives it back. */
export function useModalPageClose(close: (() => void) | null): void {
  const slot = useContext(ModalPageCloseContext);
  useEffect(() => {
    if (!slot || !close) return;
    slot.current = close;
    return () => {
      if (slot.current === close) slot.current = null;
    };
  }, [slot, close]);
}

/** Props every hash modal component receives from the modal host. */
export interface HashModalProps {
  /** Absent when the modal must stay open (the #auth modal in auth-only mode). */
  onClose?: () => void;
  /** NavigationState.modalData of the entry that opened the modal. */
  data?: unknown;
}
