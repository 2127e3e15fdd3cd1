import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer } from '@/test/fakeServer';
import { applyBrand, brandProperties, darken } from './brand';

afterEach(() => {
  vi.unstubAllGlobals();
  document.documentElement.removeAttribute('style');
});

describe('brand colours', () => {
  it('maps the colours to the theme properties, ignoring anything not #rrggbb', () => {
    expect(brandProperties({ accent_color: '#ffaa00', button_color: '#1a56db', messengers: [] })).toEqual({
      '--color-accent': '#ffaa00',
      '--color-accent-fill': '#1a56db',
      '--color-accent-fill-hover': darken('#1a56db', 0.12),
    });
    expect(brandProperties({ accent_color: 'red;background:url(x)', button_color: '', messengers: [] })).toEqual({});
    expect(darken('#ffffff', 0.5)).toBe('#808080');
  });

  it('puts the operator colours on the page and keeps the theme when the call fails', async () => {
    fakeServer({ 'GET /v2/platform/brand': () => ({ body: { accent_color: '#ffaa00', button_color: '', messengers: [] } }) });
    await applyBrand();
    expect(document.documentElement.style.getPropertyValue('--color-accent')).toBe('#ffaa00');
    expect(document.documentElement.style.getPropertyValue('--color-accent-fill')).toBe('');

    fakeServer({});
    document.documentElement.removeAttribute('style');
    await applyBrand();
    expect(document.documentElement.style.getPropertyValue('--color-accent')).toBe('');
  });
});
