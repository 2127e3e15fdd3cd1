import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { InstallModal, SmartTvModal } from '@/features/install';
import { MessagesModal } from '@/features/messages';
import { PushModal } from '@/features/push';
import type { HashModalProps, ModalName } from '@/shared/lib/modalNavigation';

// Which component renders each URL-hash modal. Identity modals come from their feature's
// public index; the commerce and engagement modals show a titled placeholder until their
// area lands (replace the `placeholder` entry with the feature's component).

type ModalComponent = LazyExoticComponent<ComponentType<HashModalProps>>;

const fromAuth = (pick: (m: typeof import('@/features/auth')) => ComponentType<HashModalProps>): ModalComponent =>
  lazy(() => import('@/features/auth').then((m) => ({ default: pick(m) })));
const fromProfiles = (pick: (m: typeof import('@/features/profiles')) => ComponentType<HashModalProps>): ModalComponent =>
  lazy(() => import('@/features/profiles').then((m) => ({ default: pick(m) })));
const fromPayments = (pick: (m: typeof import('@/features/payments')) => ComponentType<HashModalProps>): ModalComponent =>
  lazy(() => import('@/features/payments').then((m) => ({ default: pick(m) })));
const fromPackets = (pick: (m: typeof import('@/features/packets')) => ComponentType<HashModalProps>): ModalComponent =>
  lazy(() => import('@/features/packets').then((m) => ({ default: pick(m) })));
const fromPromo = (pick: (m: typeof import('@/features/promo')) => ComponentType<HashModalProps>): ModalComponent =>
  lazy(() => import('@/features/promo').then((m) => ({ default: pick(m) })));
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
  paysystems: fromPayments((m) => m.PaysystemsModal),
  refill: fromPayments((m) => m.RefillModal),
  confirm: fromPayments((m) => m.ConfirmModal),
  confirm_period: fromPayments((m) => m.ConfirmPeriodModal),
  pay_card: fromPayments((m) => m.PayCardModal),
  card: fromPayments((m) => m.CardModal),
  pay_redirect: fromPayments((m) => m.PayRedirectModal),
  pay_iframe: fromPayments((m) => m.PayIframeModal),
  pay_phone_sms: fromPayments((m) => m.PayPhoneSmsModal),
  pay_qr: fromPayments((m) => m.PayQrModal),
  pay_qr_alma: fromPayments((m) => m.PayQrAlmaModal),
  pay_transaction: fromPayments((m) => m.PayTransactionModal),
  subscription: fromPayments((m) => m.SubscriptionModal),
  nofunds: fromPayments((m) => m.NofundsModal),
  quick_packets: fromPackets((m) => m.QuickPacketsModal),
  packets_channels: fromPackets((m) => m.PacketsChannelsModal),
  promocode: fromPromo((m) => m.PromocodeModal),
  promocode_new: fromPromo((m) => m.PromocodeNewModal),
  // Already lazy in its feature: the header imports the same index for its button.
  message: MessagesModal,
  push: PushModal,
  // Lazy in their feature too (the header's install button shares the index).
  install: InstallModal,
  smarttv: SmartTvModal,
};

/** pay_iframe exists only when iframe payment is enabled (the configuration's iframe_payment_enabled). */
export function isModalEnabled(name: ModalName, ctx: { iframePayment: boolean }): boolean {
  if (name === 'pay_iframe') return ctx.iframePayment;
  return true;
}
