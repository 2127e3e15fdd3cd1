import type { Promo } from '../types';

/** The picture of a promotion: its cover image, else the cover background. */
export const promoImage = (p: Pick<Promo, 'images' | 'cover'>) => p.images?.find((i) => i.itype === 'cover')?.src || p.cover?.bg || '';

/** The colour back of a promotion (branded buttons): a picture's address, or a colour. */
export function promoColorback(p: Pick<Promo, 'images'>): { image: string; color?: string } {
  const src = p.images?.find((i) => i.itype === 'colorback')?.src ?? '';
  const color = safeColor(src);
  return color ? { image: '', color } : { image: src };
}

/** A CSS colour from the wire (#rgb, #rrggbb, rgb(...)), else undefined. */
export function safeColor(v: string | undefined | null): string | undefined {
  if (!v) return undefined;
  return /^(#[0-9a-f]{3,8}|rgba?\([\d\s.,%]+\)|hsla?\([\d\s.,%deg]+\))$/i.test(v.trim()) ? v.trim() : undefined;
}

/** The title of a promotion as the tile shows it. */
export const promoTitle = (p: Pick<Promo, 'title' | 'name'>) => p.title || p.name;

/** A button icon (unfocused_btn_icon.tv_x3, or focused_btn_icon's) when the promotion has one. */
export function promoIcon(p: Pick<Promo, 'unfocused_btn_icon' | 'focused_btn_icon'>, focused = false): string {
  const icon = (focused ? p.focused_btn_icon : p.unfocused_btn_icon) as { tv_x3?: unknown } | null | undefined;
  return typeof icon?.tv_x3 === 'string' ? icon.tv_x3 : '';
}

/** The picture quality badge of a promotion: 4K before HD, else none. */
export const promoQuality = (p: Pick<Promo, 'is_4k' | 'is_hd'>) => (p.is_4k ? '4K' : p.is_hd ? 'HD' : '');
