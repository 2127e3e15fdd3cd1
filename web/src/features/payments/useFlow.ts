import { useQueryClient } from '@tanstack/react-query';
import { useLayoutEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, type Location } from 'react-router';
import { deviceKeys, needsPinCheck, passStore, useAskPin, useProtectedCall } from '@/features/parental';
import { apiFetch, useConfiguration, useNetwork, userKeys, type Device, type User } from '@/shared/api';
import { modalAddsHistory, type ModalName, type NavigationState } from '@/shared/lib/modalNavigation';
import { loginState, sessionStore, useSession } from '@/shared/session';
import { showAlert } from '@/shared/ui';
import { leaveFor, openNewWindow } from './external';
import type { FlowDeps } from './flow';
import { isEmbedded, withoutPurchased } from './rules/transaction';



/** The pay check of this device now: PIN set, the device protects pay, no pass running. */
async function payPinNeeded(client: ReturnType<typeof useQueryClient>): Promise<boolean> {
  const s = sessionStore.get();
  if (!s.isLogged || !s.token) return false;
  try {
    const user = await client.fetchQuery({
      queryKey: userKeys.self(s.token),
      queryFn: ({ signal }) => apiFetch<User>('/users/self', { signal }),
      staleTime: 3_000,
    });
    if (user.parental_status !== 'set') return false;
    const device =
      s.deviceId === null
        ? null
        : await client.fetchQuery({
            queryKey: deviceKeys.one(s.deviceId, s.token),
            queryFn: ({ signal }) => apiFetch<Device>(`/users/self/devices/${s.deviceId}`, { signal }),
            staleTime: 3_000,
          });
    const pass = passStore.get();
    return needsPinCheck('pay', {
      status: user.parental_status,
      isLogged: true,
      settings: device?.parental_settings ?? null,
      nowMs: Date.now(),
      passUntilMs: pass.passUntilMs,
      shortPassUntilMs: pass.shortPassUntilMs,
    });
  } catch {
    // Unknown: the server still asks for the code where it must (protectedCall).
    return false;
  }
}

/**
 * The React side of the purchase flow: modal navigation, the PIN hooks, the query client
 * and the settings it needs. Navigation reads the latest location, so a step that finishes
 * after its modal closed still opens the next one on the right page.
 */
export function useFlowDeps(): FlowDeps {
  const client = useQueryClient();
  const session = useSession();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const latest = useRef<Location>(location);
  useLayoutEffect(() => {
    latest.current = location;
  }, [location]);
  const askPin = useAskPin();
  const protectedCall = useProtectedCall();
  const config = useConfiguration();
  const network = useNetwork().data;
  const viewer = loginState(session);

  return useMemo<FlowDeps>(() => {
    const here = () => latest.current;
    const stateOf = (l: Location) => (l.state ?? {}) as NavigationState;
    return {
      client,
      token: session.token,
      viewer,
      t,
      open(name: ModalName, data?: unknown) {
        const l = here();
        navigate(
          { pathname: l.pathname, search: withoutPurchased(l.search), hash: name },
          { replace: !modalAddsHistory(name), state: { ...stateOf(l), modalData: data } },
        );
      },
      close() {
        const l = here();
        const { modalData: _drop, ...rest } = stateOf(l);
        navigate({ pathname: l.pathname, search: withoutPurchased(l.search), hash: '' }, { replace: true, state: rest });
      },
      play(contentId: number) {
        const l = here();
        const st = stateOf(l);
        const search = withoutPurchased(l.search);
        const background = st.backgroundLocation ?? { ...l, search, hash: '', state: null };
        navigate(`/watch/${contentId}`, { state: { backgroundLocation: background, from: l.pathname + search } satisfies NavigationState });
      },
      alert: (text, kind) => showAlert(text, { kind }),
      openWindow: openNewWindow,
      goTo: leaveFor,
      protectedCall: (call) => protectedCall('pay', call),
      askPayPin: () => askPin({ action: 'pay' }),
      payPinNeeded: () => payPinNeeded(client),
      settings: {
        paymentEnabled: config.payment_enabled,
        allowWithoutBase: network?.is_allow_additional_packets_without_base === true,
        embedded: isEmbedded(location.pathname, typeof window !== 'undefined' && window.self !== window.top),
        iframeEnabled: config.iframe_payment_enabled,
      },
      here: () => ({ origin: window.location.origin, pathname: here().pathname, search: here().search }),
    };
  }, [client, session.token, viewer, t, navigate, askPin, protectedCall, config.payment_enabled, config.iframe_payment_enabled, network, location.pathname]);
}
