// Which notice the floating box shows (catalogue spec 2 "Notifications", 4, 9): one at a
// time, never while a modal is open, each kind under its own rule and back after its
// reopen delay once closed. Pure: the hook gathers the facts, this decides.

export type NotificationKind =
  | 'permission'
  | 'register'
  | 'email'
  | 'unsubscribeSurvey'
  | 'surveyRate'
  | 'pollLink'
  | 'partnerPromo'
  | 'partnerInstall'
  | 'install';

/** When two kinds could show, the earlier one wins. */
export const KIND_ORDER: readonly NotificationKind[] = [
  'permission',
  'register',
  'email',
  'unsubscribeSurvey',
  'surveyRate',
  'pollLink',
  'partnerPromo',
  'partnerInstall',
  'install',
];

const HOUR = 3600;
const DAY = 24 * HOUR;

/**
 * Seconds before a closed notice comes back. Spec 9 gives register, install, the
 * partners' installs (the partner's settings carry them) and permission; the others are
 * ours: the e-mail a week, the survey three days. 0: back on the next visit.
 * A poll link closed stays closed for that message: a new poll message shows again.
 */
export const REOPEN_DELAY_S: Record<NotificationKind, number> = {
  register: 28_800,
  install: 0,
  partnerInstall: 259_200,
  permission: 1_209_600,
  email: 7 * DAY,
  unsubscribeSurvey: 3 * DAY,
  surveyRate: 3 * DAY,
  partnerPromo: 259_200,
  pollLink: Number.POSITIVE_INFINITY,
};

/** Spec 9: the registration nudge after 5000 ms on the TV page. */
export const REGISTER_NUDGE_MS = 5000;
/** The permission notice hides once the viewer has navigated more than one step. */
export const PERMISSION_MAX_STEPS = 1;

/** The partner's notice the operator's partner settings ask for (see partner.ts). */
export interface PartnerNotice {
  kind: 'partnerInstall' | 'partnerPromo';
  /** The operator's variant name (its text and look). */
  variant: string;
  /** Seconds on the site before it shows. */
  afterSeconds: number;
  /** Seconds before it comes back once closed. */
  reopenSeconds: number;
}

export interface SurveyOffer {
  questionId: number;
  /** surveyRate for a rating question (answers 1..N), else the unsubscribe survey. */
  kind: 'unsubscribeSurvey' | 'surveyRate';
}

export interface PollOffer {
  messageId: number;
  url: string;
  title: string;
}

export type PermissionState = 'default' | 'granted' | 'denied' | 'unsupported';

export interface NotificationFacts {
  /** Milliseconds since epoch (the box's clock). */
  now: number;
  /** A hash modal or a modal page is open. */
  modalOpen: boolean;
  /** A registered viewer is signed in. */
  isLogged: boolean;
  /** The signed-in viewer's e-mail ('' none); undefined while unknown. */
  email: string | undefined;
  /** When the viewer came to the current TV page, null elsewhere. */
  tvPageSince: number | null;
  /** When this visit started. */
  visitSince: number;
  survey: SurveyOffer | null;
  poll: PollOffer | null;
  permission: PermissionState;
  /** Navigation steps since the permission notice appeared (0 before it did). */
  permissionSteps: number;
  partner: PartnerNotice | null;
  /** Close times (ms) by close key (see closeKey). */
  closedAt: Readonly<Record<string, number>>;
  /** Close keys closed during this visit. */
  closedThisVisit: ReadonlySet<string>;
}

/** The storage key of a closed notice: the kind, and for a poll link its message. */
export function closeKey(kind: NotificationKind, facts: Pick<NotificationFacts, 'poll'>): string {
  return kind === 'pollLink' && facts.poll ? `pollLink:${facts.poll.messageId}` : kind;
}

/** The delay after which a closed kind comes back (a partner's own delay wins). */
export function reopenDelayS(kind: NotificationKind, partner: PartnerNotice | null): number {
  if (partner?.kind === kind) return partner.reopenSeconds;
  return REOPEN_DELAY_S[kind];
}

/** The kind is closed now: closed this visit with no delay, or less than its delay ago. */
export function isClosed(kind: NotificationKind, f: NotificationFacts): boolean {
  const key = closeKey(kind, f);
  const delayS = reopenDelayS(kind, f.partner);
  if (delayS === 0) return f.closedThisVisit.has(key);
  const at = f.closedAt[key];
  return at !== undefined && f.now - at < delayS * 1000;
}

/** The kind's own rule (ignoring modals, closing and the other kinds). */
export function isWanted(kind: NotificationKind, f: NotificationFacts): boolean {
  switch (kind) {
    case 'permission':
      return f.isLogged && f.permission === 'default' && f.permissionSteps <= PERMISSION_MAX_STEPS;
    case 'register':
      return !f.isLogged && f.tvPageSince !== null && f.now - f.tvPageSince >= REGISTER_NUDGE_MS;
    case 'email':
      return f.isLogged && f.email === '';
    case 'unsubscribeSurvey':
    case 'surveyRate':
      return f.isLogged && f.survey?.kind === kind;
    case 'pollLink':
      return f.isLogged && f.poll !== null;
    case 'partnerPromo':
    case 'partnerInstall':
      return f.partner?.kind === kind && f.now - f.visitSince >= f.partner.afterSeconds * 1000;
    case 'install':
      // A partner's own notice replaces the general one.
      return f.isLogged && f.partner === null;
  }
}

/** The notice to show now, or null (nothing wanted, or a modal is open). */
export function pickNotification(f: NotificationFacts): NotificationKind | null {
  if (f.modalOpen) return null;
  return KIND_ORDER.find((k) => isWanted(k, f) && !isClosed(k, f)) ?? null;
}

/** A rating question: no free text and every answer a number from 1 to 10. */
export function isRatingQuestion(q: { allow_user_answer: boolean; answers: { text: string }[] }): boolean {
  return (
    !q.allow_user_answer && q.answers.length >= 2 && q.answers.every((a) => /^(10|[1-9])$/.test(a.text.trim()))
  );
}
