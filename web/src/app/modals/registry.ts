import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { MessagesModal } from '@/features/messages';
import type { HashModalProps, ModalName } from '@/shared/lib/modalNavigation';

// Which component renders each URL-hash modal. Identity modals come from their feature's
// public index; the commerce and engagement modals show a titled placeholder until their
// area lands (replace the `placeholder` entry with the feature's component).

type ModalComponent = LazyExoticComponent<ComponentType<HashModalProps>>;

const fromAuth = (pick: (m: typeof import('@/features/auth')) => ComponentType<HashModalProps>): ModalComponent =>
  lazy(() => import('@/features/auth').then((m) => ({ default: pick(m) })));
const fromProfiles = (pick: (m: typeof import('@/features/profiles')) => ComponentType<HashModalProps>): ModalComponent =>
  lazy(() => import('@/features/profiles').then((m) => ({ default: pick(m) })));
const fromParental = (pick: (m: typeof import('@/features/parental')) => ComponentType<HashModalProps>): ModalComponent =>
  lazy(() => import('@/features/parental').then((m) => ({ default: pick(m) })));

export const PlaceholderModal = lazy(() => import('./PlaceholderModal'));

export const modalComponents: Partial<Record<ModalName, ModalComponent>> = {
  auth: fromAuth((m) => m.AuthModal),
  block_alma: fromAuth((m) => m.BlockAlmaModal),
  profiles: fromProfiles((m) => m.ProfilesModal),
  pincode: fromParental((m) => m.PincodeModal),
  parental: fromParental((m) => m.ParentalModal),
  parental_set: fromParental((m) => m.ParentalSetModal),
  parental_start: fromParental((m) => m.ParentalStartModal),
  // Already lazy in its feature: the header imports the same index for its button.
  message: MessagesModal,
};

/** pay_iframe exists only when iframe payment is enabled (no such flag in the contract yet). */
export function isModalEnabled(name: ModalName, ctx: { iframePayment: boolean }): boolean {
  if (name === 'pay_iframe') return ctx.iframePayment;
  return true;
}
