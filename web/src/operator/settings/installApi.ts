import { queryOptions } from '@tanstack/react-query';
import type { components } from '@/shared/api/schema';
import { buildUrl } from '@/shared/api/client';
import { decodeError } from '@/shared/api/errors';
import { OPERATOR_BASE, consoleFetch } from '../api/client';

// The install instructions of each device and their pictures (settings.write).

type Schemas = components['schemas'];
export type InstallSettings = Schemas['InstallSettings'];
export type InstallDeviceSettings = Schemas['InstallDeviceSettings'];
export type InstallDevice = Schemas['InstallDeviceKind'];
export type InstallText = Schemas['InstallText'];
export type InstallPicture = Schemas['InstallPicture'];

export const installKeys = {
  all: ['operator', 'settings', 'install'] as const,
};

export const installQuery = () =>
  queryOptions({
    queryKey: installKeys.all,
    queryFn: ({ signal }) => consoleFetch<InstallSettings>('/settings/install', { signal }),
  });

export const writeInstallText = (device: InstallDevice, lang: string, markdown: string) =>
  consoleFetch<InstallText>(`/settings/install/${device}/${lang}`, { method: 'POST', body: { markdown } });

export const setDeviceHidden = (device: InstallDevice, hidden: boolean) =>
  consoleFetch<InstallDeviceSettings>(`/settings/install/${device}`, { method: 'PATCH', body: { hidden } });

export const removeInstallPicture = (id: number) => consoleFetch<void>(`/settings/install/pictures/${id}`, { method: 'DELETE' });

/** Sends the picture itself as the body (the JSON wrapper cannot carry a file). */
export async function uploadInstallPicture(file: File, csrf: string, language: string): Promise<InstallPicture> {
  const res = await fetch(buildUrl(`${OPERATOR_BASE}/settings/install/pictures`), {
    method: 'POST',
    credentials: 'same-origin',
    headers: { Accept: 'application/json', 'Accept-Language': language, 'Content-Type': file.type || 'application/octet-stream', 'X-CSRF-Token': csrf },
    body: file,
  });
  const body: unknown = await res.json().catch(() => undefined);
  if (!res.ok) throw decodeError(res.status, body);
  return body as InstallPicture;
}

/** The Markdown that shows a picture: the operator pastes it into a device's text. */
export const pictureMarkdown = (p: InstallPicture, alt: string) => `![${alt}](${p.url})`;

/** The text a device starts from in a language: the operator's, else empty (the built-in text shows). */
export function ownText(device: InstallDeviceSettings, lang: string): string {
  return device.texts.find((t) => t.lang === lang)?.markdown ?? '';
}

/** The built-in text in a language, else in English, else the first there is. */
export function builtInText(device: InstallDeviceSettings, lang: string): string {
  const d = device.defaults;
  return (d.find((x) => x.lang === lang) ?? d.find((x) => x.lang === 'en') ?? d[0])?.markdown ?? '';
}
