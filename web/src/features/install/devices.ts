import type { TFunction } from 'i18next';
import type { components } from '@/shared/api/schema';

// The devices of the install instructions, in the order the server lists them. The
// set-top boxes also have their own /manual/{device} pages (spec: manuals
// /manual/{dune|tvip|eltex|mag} and a manual list).

export type InstallDevice = components['schemas']['InstallDeviceKind'];
export type InstallGuide = components['schemas']['InstallGuide'];

export const INSTALL_DEVICES: readonly InstallDevice[] = ['smarttv', 'mobile', 'dune', 'tvip', 'eltex', 'mag'];
export const MANUAL_DEVICES: readonly InstallDevice[] = ['dune', 'tvip', 'eltex', 'mag'];

export function isInstallDevice(value: string | undefined): value is InstallDevice {
  return (INSTALL_DEVICES as readonly string[]).includes(value ?? '');
}

export function isManualDevice(value: string | undefined): value is InstallDevice {
  return (MANUAL_DEVICES as readonly string[]).includes(value ?? '');
}

/** The set-top boxes go by their makers' names in every language; the others are translated. */
const BRAND_NAMES: Partial<Record<InstallDevice, string>> = { dune: 'Dune HD', tvip: 'TVIP', eltex: 'Eltex', mag: 'MAG' };

export function deviceName(device: InstallDevice, t: TFunction): string {
  const brand = BRAND_NAMES[device];
  if (brand) return brand;
  return device === 'smarttv' ? t('install.devices.smarttv') : t('install.devices.mobile');
}

/** The hint under a device's name in the list. */
export function deviceHint(device: InstallDevice, t: TFunction): string {
  if (device === 'smarttv') return t('install.hints.smarttv');
  if (device === 'mobile') return t('install.hints.mobile');
  return t('install.hints.box');
}

/** The built-in drawing of a device (served by the server with the built-in texts). */
export const devicePicture = (device: InstallDevice) => `/v2/install/pictures/default-${device}.svg`;

/** The hash modal names and the device each one opens with (#install: the list). */
export function startDevice(modal: 'install' | 'smarttv'): InstallDevice | null {
  return modal === 'smarttv' ? 'smarttv' : null;
}
