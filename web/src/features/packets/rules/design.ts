import type { Packet } from '@/features/payments';

// A packet's design (spec 3 Packet.design) as CSS custom properties of its card: the
// operator's colour and background pictures. Only plain colours and http(s) or site paths
// pass: the values come from the operator's data and end up in a style attribute.

const COLOR = /^(#[0-9a-f]{3,8}|rgba?\(\s*[\d.\s,%]+\))$/i;
const IMAGE = /^(https?:\/\/|\/)[^\s"'()\\]+$/;

export const safeColor = (c: string | undefined): string | null => (c && COLOR.test(c.trim()) ? c.trim() : null);
export const safeImage = (u: string | undefined): string | null => (u && IMAGE.test(u.trim()) ? u.trim() : null);

export function designStyle(design: Pick<Packet['design'], 'color' | 'background_tv' | 'background_mobile'> | null | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  const color = safeColor(design?.color);
  if (color) out['--packet-color'] = color;
  const tv = safeImage(design?.background_tv);
  const mobile = safeImage(design?.background_mobile) ?? tv;
  if (tv) out['--packet-bg-tv'] = `url("${tv}")`;
  if (mobile) out['--packet-bg-mobile'] = `url("${mobile}")`;
  return out;
}
