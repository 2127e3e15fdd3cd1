// Wire types of the console's calls, generated from api/openapi.yaml (paths tagged operator)
// and named as the console speaks of them.
import type { components } from '@/shared/api/schema';

type Schemas = components['schemas'];

export type StaffRole = Schemas['StaffRole'];
export type Staff = Schemas['Staff'];
export type StaffInvite = Schemas['StaffInvite'];
export type OperatorRef = Schemas['OperatorRef'];
export type StaffSession = Schemas['StaffSession'];
export type StaffLoginAnswer = Schemas['StaffLoginAnswer'];
export type TotpEnrolment = Schemas['TotpEnrolment'];
export type AuditEntry = Schemas['AuditEntry'];
export type SubscriberRow = Schemas['SubscriberRow'];
export type SubscriberCard = Schemas['SubscriberCard'];
export type Subscription = SubscriberCard['subscriptions'][number];
export type CardDevice = SubscriberCard['devices'][number];
export type StaffSubscription = Schemas['StaffSubscription'];
export type LedgerEntry = Schemas['LedgerEntry'];
export type StaffTransaction = Schemas['StaffTransaction'];
export type PacketRow = Schemas['PacketRow'];

/** The roles in the order of their reach, an owner first (StaffRole of the contract). */
export const STAFF_ROLES: readonly StaffRole[] = ['owner', 'admin', 'support', 'content', 'finance'];

/** Permission names of StaffSession.permissions the console reads. */
export const Permission = {
  subscribersRead: 'subscribers.read',
  subscribersWrite: 'subscribers.write',
  moneyRead: 'money.read',
  moneyWrite: 'money.write',
  packetsRead: 'packets.read',
  packetsWrite: 'packets.write',
  dashboardRead: 'dashboard.read',
  promoRead: 'promo.read',
  promoWrite: 'promo.write',
  paysystemsWrite: 'paysystems.write',
  channelsWrite: 'channels.write',
  catalogWrite: 'catalog.write',
  messagesWrite: 'messages.write',
  settingsWrite: 'settings.write',
  integrationsWrite: 'integrations.write',
  staffRead: 'staff.read',
  staffWrite: 'staff.write',
  auditRead: 'audit.read',
} as const;

export type PermissionName = (typeof Permission)[keyof typeof Permission];
