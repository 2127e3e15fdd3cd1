import { queryOptions } from '@tanstack/react-query';
import type { components } from '@/shared/api/schema';
import { consoleFetch } from '../api/client';

// The modes of running: the operator's partners and the Telegram mini-app bot.

export type ModesSettings = components['schemas']['ModesSettings'];
export type Partner = components['schemas']['Partner'];

export const modesKey = ['operator', 'settings', 'modes'] as const;

export const modesQuery = () =>
  queryOptions({
    queryKey: modesKey,
    queryFn: ({ signal }) => consoleFetch<ModesSettings>('/settings/modes', { signal }),
  });

export const patchModes = (body: { partners?: Partner[]; telegram_bot_token?: string }) =>
  consoleFetch<ModesSettings>('/settings/modes', { method: 'PATCH', body });

export const emptyPartner = (): Partner => ({
  id: '',
  name: '',
  hide_logout: false,
  home_url: '',
  closed_outside_webview: false,
  install_notice: null,
  app_offer: '',
});
