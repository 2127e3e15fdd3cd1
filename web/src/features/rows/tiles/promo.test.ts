import { describe, expect, it } from 'vitest';
import { promoIcon, promoQuality } from './promo';

const scaled = (src: string) => ({
  tv_x1: src, tv_x2: src, tv_x3: src, mobile_x1: src, mobile_x2: src, mobile_x3: src,
  tv_width_pt: 24, tv_height_pt: 24, mobile_width_pt: 24, mobile_height_pt: 24,
});

describe('promotion tiles', () => {
  it('takes the button icons from tv_x3, focused or not', () => {
    const p = { unfocused_btn_icon: scaled('/icons/tv.svg'), focused_btn_icon: scaled('/icons/tv-focused.svg') };
    expect(promoIcon(p)).toBe('/icons/tv.svg');
    expect(promoIcon(p, true)).toBe('/icons/tv-focused.svg');
    expect(promoIcon({ unfocused_btn_icon: null, focused_btn_icon: null })).toBe('');
  });

  it('shows 4K before HD, and nothing without either', () => {
    expect(promoQuality({ is_4k: true, is_hd: true })).toBe('4K');
    expect(promoQuality({ is_4k: false, is_hd: true })).toBe('HD');
    expect(promoQuality({ is_4k: false, is_hd: false })).toBe('');
  });
});
