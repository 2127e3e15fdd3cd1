import type { DeviceRegistration, DeviceType } from '../api/types';

// What this browser tells the server about itself when it registers as a device.

export function detectDeviceType(ua: string): DeviceType {
  if (/smart-?tv|tizen|webos|hbbtv|netcast|android tv/i.test(ua)) return 'tv';
  if (/ipad|tablet|(android(?!.*mobile))/i.test(ua)) return 'tablet';
  if (/mobi|iphone|ipod|android/i.test(ua)) return 'phone';
  return 'pc';
}

export function detectOs(ua: string): { name: string; version: string } {
  const rules: [string, RegExp][] = [
    ['iOS', /(?:iPhone|iPad|iPod).*? OS (\d+[_.\d]*)/],
    ['Android', /Android (\d+(?:\.\d+)*)/],
    ['Windows', /Windows NT (\d+(?:\.\d+)*)/],
    ['macOS', /Mac OS X (\d+[_.\d]*)/],
    ['ChromeOS', /CrOS \S+ (\d+(?:\.\d+)*)/],
    ['Linux', /Linux()/],
  ];
  for (const [name, re] of rules) {
    const m = re.exec(ua);
    if (m) return { name, version: (m[1] ?? '').replace(/_/g, '.') };
  }
  return { name: 'unknown', version: '' };
}

export function detectBrowser(ua: string): { name: string; version: string } {
  const rules: [string, RegExp][] = [
    ['Edge', /Edg\/(\d+(?:\.\d+)*)/],
    ['Opera', /OPR\/(\d+(?:\.\d+)*)/],
    ['YaBrowser', /YaBrowser\/(\d+(?:\.\d+)*)/],
    ['Firefox', /Firefox\/(\d+(?:\.\d+)*)/],
    ['Chrome', /Chrom(?:e|ium)\/(\d+(?:\.\d+)*)/],
    ['Safari', /Version\/(\d+(?:\.\d+)*).*Safari/],
  ];
  for (const [name, re] of rules) {
    const m = re.exec(ua);
    if (m) return { name, version: m[1] ?? '' };
  }
  return { name: 'browser', version: '' };
}

/** A random serial (UUID v4 form) identifying this browser as a device. */
export function newSerial(random: () => number = Math.random): string {
  if (random === Math.random && typeof crypto !== 'undefined' && 'randomUUID' in crypto) {
    return crypto.randomUUID();
  }
  return 'xxxxxxxx-xxxx-4xxx-yxxx-xxxxxxxxxxxx'.replace(/[xy]/g, (c) => {
    const r = Math.floor(random() * 16);
    return (c === 'x' ? r : (r & 0x3) | 0x8).toString(16);
  });
}

export function describeDevice(serial: string, ua: string = navigator.userAgent): DeviceRegistration {
  const os = detectOs(ua);
  const browser = detectBrowser(ua);
  return {
    serial,
    device_type: detectDeviceType(ua),
    vendor: browser.name,
    model: browser.name,
    version: browser.version,
    os_name: os.name,
    os_version: os.version,
    application_type: 'web',
  };
}
