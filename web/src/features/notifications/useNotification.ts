import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { messagesQuery } from '@/features/messages';
import { useConfiguration, useCurrentUser } from '@/shared/api';
import { useStore } from '@/shared/lib/createStore';
import { modalFromHash } from '@/shared/lib/modalNavigation';
import { usePageCovered } from '@/shared/lib/pageCovered';
import { usePartnerSettings } from '@/shared/lib/runMode';
import { useSession } from '@/shared/session';
import { pollOffer, surveyOffer, surveyQuestionQuery } from './api';
import { notificationClock, useClockNow } from './clock';
import { closeKey, pickNotification, type NotificationFacts, type NotificationKind, type PermissionState } from './rules';
import { closeStore, recordClose } from './closeTimes';
import { partnerNotice } from './partner';

/** The TV pages (channel list, a category, an open channel, free channels). */
export function isTvPage(pathname: string): boolean {
  return pathname === '/channels' || pathname.startsWith('/channels/') || pathname === '/channelsfree';
}

function browserPermission(): PermissionState {
  if (typeof window === 'undefined' || !('Notification' in window)) return 'unsupported';
  return window.Notification.permission as PermissionState;
}

export interface ActiveNotification {
  kind: NotificationKind;
  facts: NotificationFacts;
  /** Hides the notice and keeps its close time. */
  close: () => void;
}

/** Gathers the facts every rule needs and picks the notice to show, if any. */
export function useNotification(): ActiveNotification | null {
  const { pathname, hash } = useLocation();
  const covered = usePageCovered();
  const { token, isLogged } = useSession();
  const user = useCurrentUser().data;
  const configuration = useConfiguration();
  const partner = partnerNotice(usePartnerSettings());
  const closes = useStore(closeStore);
  const now = useClockNow();
  const [visitSince] = useState(() => notificationClock.now());

  // When the viewer came to the TV pages (moving between channels keeps the time).
  const [tvPageSince, setTvPageSince] = useState<number | null>(() => (isTvPage(pathname) ? notificationClock.now() : null));
  useEffect(() => {
    setTvPageSince((since) => (isTvPage(pathname) ? (since ?? notificationClock.now()) : null));
  }, [pathname]);

  const surveyId = isLogged ? (configuration.survey_question_id ?? 0) : 0;
  const question = useQuery(surveyQuestionQuery(surveyId, token)).data;
  const messages = useQuery({ ...messagesQuery(token), enabled: isLogged && token !== null }).data;

  // Navigation steps since the permission notice first appeared.
  const permissionShownAt = useRef<string | null>(null);
  const [permissionSteps, setPermissionSteps] = useState(0);
  const lastPath = useRef(pathname);
  useEffect(() => {
    if (lastPath.current === pathname) return;
    lastPath.current = pathname;
    if (permissionShownAt.current !== null) setPermissionSteps((n) => n + 1);
  }, [pathname]);

  const facts: NotificationFacts = {
    now,
    modalOpen: covered || modalFromHash(hash) !== null,
    isLogged,
    email: isLogged && user && !user.is_guest ? (user.email ?? '') : undefined,
    tvPageSince,
    visitSince,
    survey: surveyOffer(question),
    poll: pollOffer(messages, typeof window === 'undefined' ? '' : window.location.origin),
    permission: browserPermission(),
    permissionSteps,
    partner,
    closedAt: closes.closedAt,
    closedThisVisit: closes.closedThisVisit,
  };
  const kind = pickNotification(facts);
  useEffect(() => {
    if (kind === 'permission' && permissionShownAt.current === null) permissionShownAt.current = pathname;
  }, [kind, pathname]);

  if (!kind) return null;
  return { kind, facts, close: () => recordClose(closeKey(kind, facts), notificationClock.now()) };
}
