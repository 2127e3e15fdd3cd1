import { queryOptions } from '@tanstack/react-query';
import type { components } from '@/shared/api/schema';
import { buildUrl } from '@/shared/api/client';
import { decodeError } from '@/shared/api/errors';
import { OPERATOR_BASE, consoleFetch } from '../api/client';

// The operator's own settings and pages (settings.write).

type Schemas = components['schemas'];
export type OperatorSettings = Schemas['SettingsView'];
export type SettingsPatch = Schemas['SettingsPatch'];
export type Messenger = Schemas['SettingsMessenger'];
export type OperatorPage = Schemas['SettingsPage'];
export type PageKind = OperatorPage['kind'];

export const PAGE_KINDS: readonly PageKind[] = ['terms', 'privacy', 'faq'];

export const settingsKeys = {
  all: ['operator', 'settings'] as const,
  settings: () => [...settingsKeys.all, 'settings'] as const,
  pages: () => [...settingsKeys.all, 'pages'] as const,
};

export const settingsQuery = () =>
  queryOptions({
    queryKey: settingsKeys.settings(),
    queryFn: ({ signal }) => consoleFetch<OperatorSettings>('/settings', { signal }),
  });

export const pagesQuery = () =>
  queryOptions({
    queryKey: settingsKeys.pages(),
    queryFn: ({ signal }) => consoleFetch<OperatorPage[]>('/settings/pages', { signal }),
  });

export const patchSettings = (body: SettingsPatch) => consoleFetch<OperatorSettings>('/settings', { method: 'PATCH', body });

export const putPage = (kind: PageKind, lang: string, markdown: string) =>
  consoleFetch<OperatorPage>(`/settings/pages/${kind}/${lang}`, { method: 'POST', body: { markdown } });

export const previewPage = (markdown: string) =>
  consoleFetch<{ html: string }>('/settings/pages/preview', { method: 'POST', body: { markdown } });

export const removeLogo = () => consoleFetch<OperatorSettings>('/settings/logo', { method: 'DELETE' });

/** Sends the picture itself as the body (the JSON wrapper cannot carry a file). */
export async function uploadLogo(file: File, csrf: string, language: string): Promise<OperatorSettings> {
  const res = await fetch(buildUrl(`${OPERATOR_BASE}/settings/logo`), {
    method: 'POST',
    credentials: 'same-origin',
    headers: { Accept: 'application/json', 'Accept-Language': language, 'Content-Type': file.type || 'application/octet-stream', 'X-CSRF-Token': csrf },
    body: file,
  });
  const body: unknown = await res.json().catch(() => undefined);
  if (!res.ok) throw decodeError(res.status, body);
  return body as OperatorSettings;
}
