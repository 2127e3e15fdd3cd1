import { describe, expect, it } from 'vitest';
import { NO_PARTNER, type PartnerSettings } from '@/shared/lib/runMode';
import { partnerNotice } from './partner';
import {
  isRatingQuestion,
  pickNotification,
  REGISTER_NUDGE_MS,
  REOPEN_DELAY_S,
  type NotificationFacts,
  type NotificationKind,
} from './rules';

const T0 = 1_800_000_000_000;
const base: NotificationFacts = {
  now: T0,
  modalOpen: false,
  isLogged: true,
  email: 'viewer@example.com',
  tvPageSince: null,
  visitSince: T0,
  survey: null,
  poll: null,
  permission: 'granted',
  permissionSteps: 0,
  partner: null,
  closedAt: {},
  closedThisVisit: new Set(),
};
const guest: Partial<NotificationFacts> = { isLogged: false, email: undefined };
const installClosed: Partial<NotificationFacts> = { closedThisVisit: new Set(['install']) };

/** The kind shown with `over` facts, `closedAt` ms before now when closed then. */
function shown(over: Partial<NotificationFacts>, closedAgoMs?: number, key?: string): NotificationKind | null {
  const f = { ...base, ...over };
  if (closedAgoMs !== undefined && key) f.closedAt = { ...f.closedAt, [key]: f.now - closedAgoMs };
  return pickNotification(f);
}

/** Each kind appears under its rule, stays away after closing, and is back after its delay. */
function closesFor(kind: NotificationKind, over: Partial<NotificationFacts>, delayS: number, key: string = kind) {
  expect(shown(over)).toBe(kind);
  expect(shown(over, 0, key)).not.toBe(kind);
  expect(shown(over, delayS * 1000 - 1, key)).not.toBe(kind);
  expect(shown(over, delayS * 1000, key)).toBe(kind);
}

describe('notification rules', () => {
  it('shows nothing while a modal is open', () => {
    expect(shown({ ...guest, tvPageSince: T0 - 10_000 })).toBe('register');
    expect(shown({ ...guest, tvPageSince: T0 - 10_000, modalOpen: true })).toBeNull();
  });

  it('nudges a guest to register after 5 s on the TV page, back after 8 hours', () => {
    expect(shown({ ...guest, tvPageSince: T0 - REGISTER_NUDGE_MS + 1 })).toBeNull();
    expect(shown({ ...guest, tvPageSince: null })).toBeNull();
    closesFor('register', { ...guest, tvPageSince: T0 - REGISTER_NUDGE_MS }, 28_800);
    // A signed-in viewer is not asked.
    expect(shown({ ...installClosed, tvPageSince: T0 - 60_000 })).toBeNull();
  });

  it('asks a viewer without an e-mail for one, back after a week', () => {
    expect(shown({ ...installClosed, email: undefined })).toBeNull(); // user not loaded yet
    closesFor('email', { ...installClosed, email: '' }, REOPEN_DELAY_S.email);
  });

  it('offers the survey until answered, as a rating for a rating question', () => {
    closesFor('unsubscribeSurvey', { ...installClosed, survey: { questionId: 7, kind: 'unsubscribeSurvey' } }, 3 * 86_400);
    closesFor('surveyRate', { ...installClosed, survey: { questionId: 8, kind: 'surveyRate' } }, 3 * 86_400);
    expect(shown({ ...installClosed, ...guest, survey: { questionId: 7, kind: 'unsubscribeSurvey' } })).toBeNull();
    expect(isRatingQuestion({ allow_user_answer: false, answers: ['1', '2', '3', '4', '5'].map((text) => ({ text })) })).toBe(true);
    expect(isRatingQuestion({ allow_user_answer: true, answers: ['1', '2'].map((text) => ({ text })) })).toBe(false);
    expect(isRatingQuestion({ allow_user_answer: false, answers: ['Дорого', '2'].map((text) => ({ text })) })).toBe(false);
  });

  it('asks for the push permission, hides after more than one navigation step, back after 14 days', () => {
    closesFor('permission', { permission: 'default' }, 1_209_600);
    expect(shown({ ...installClosed, permission: 'default', permissionSteps: 1 })).toBe('permission');
    expect(shown({ ...installClosed, permission: 'default', permissionSteps: 2 })).toBeNull();
    expect(shown({ ...installClosed, permission: 'denied' })).toBeNull();
    expect(shown({ ...installClosed, permission: 'unsupported' })).toBeNull();
  });

  it('shows the install notice to a signed-in viewer, back on the next visit', () => {
    expect(shown({})).toBe('install');
    expect(shown(installClosed)).toBeNull();
    // A stored close time alone does not keep it away (its delay is 0).
    expect(shown({}, 0, 'install')).toBe('install');
    expect(shown(guest)).toBeNull();
  });

  it('shows the newest external poll once per message', () => {
    const poll = { messageId: 5, url: 'https://poll.example/q', title: 'Your opinion' };
    expect(shown({ ...installClosed, poll })).toBe('pollLink');
    expect(shown({ ...installClosed, poll }, 1000 * 86_400 * 365, 'pollLink:5')).toBeNull();
    expect(shown({ ...installClosed, poll: { ...poll, messageId: 6 } }, 0, 'pollLink:5')).toBe('pollLink');
  });

  it('shows the partner notices the partner settings ask for, after their wait, back after their delay', () => {
    const settings = (variant: string): PartnerSettings => ({
      ...NO_PARTNER,
      id: 'bank',
      installNotice: { variant, delaySeconds: 120, reopenSeconds: 259_200 },
    });
    expect(partnerNotice(NO_PARTNER)).toBeNull();
    const install = partnerNotice(settings('bank_install'));
    const promo = partnerNotice(settings('promo'));
    expect(install?.kind).toBe('partnerInstall');
    expect(promo?.kind).toBe('partnerPromo');
    // After 120 s on the site; the partner's notice replaces the general install one.
    expect(shown({ partner: install, visitSince: T0 - 119_000 })).toBeNull();
    closesFor('partnerInstall', { partner: install, visitSince: T0 - 120_000 }, 259_200);
    closesFor('partnerPromo', { ...guest, partner: promo, visitSince: T0 - 120_000 }, 259_200);
  });

  it('shows one at a time, in order', () => {
    const all: Partial<NotificationFacts> = {
      permission: 'default',
      email: '',
      survey: { questionId: 1, kind: 'unsubscribeSurvey' },
    };
    expect(shown(all)).toBe('permission');
    expect(shown(all, 0, 'permission')).toBe('email');
  });
});
