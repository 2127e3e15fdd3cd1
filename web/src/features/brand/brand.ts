
// The operator's colours (GET /v2/platform/brand, set in the operator console) as the
// pages' CSS custom properties. Loaded apart from the home route's code: until it answers
// (or when it fails) the built-in colours stay. A plain fetch (the call needs no token):
// importing the API client here would split the home route's chunks and cost it bytes.

export interface Brand {
  accent_color: string;
  button_color: string;
  messengers: { name: string; url: string }[];
}

const HEX = /^#[0-9a-f]{6}$/i;

/** A #rrggbb colour darkened by `by` (0..1): the hover shade of a button. */
export function darken(hex: string, by: number): string {
  const n = parseInt(hex.slice(1), 16);
  const channel = (shift: number) => Math.round(((n >> shift) & 255) * (1 - by));
  return `#${[16, 8, 0].map((s) => channel(s).toString(16).padStart(2, '0')).join('')}`;
}

/** The custom properties a brand sets; colours that are not #rrggbb are left to the theme. */
export function brandProperties(b: Brand): Record<string, string> {
  const out: Record<string, string> = {};
  if (HEX.test(b.accent_color)) out['--color-accent'] = b.accent_color;
  if (HEX.test(b.button_color)) {
    out['--color-accent-fill'] = b.button_color;
    out['--color-accent-fill-hover'] = darken(b.button_color, 0.12);
  }
  return out;
}

export async function fetchBrand(signal?: AbortSignal): Promise<Brand> {
  const res = await fetch(`${import.meta.env.VITE_API_BASE ?? '/v2'}/platform/brand`, { signal, headers: { Accept: 'application/json' } });
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  return (await res.json()) as Brand;
}

/** Puts the operator's colours on the page (the root element's style). */
export async function applyBrand(root: HTMLElement = document.documentElement): Promise<void> {
  let brand: Brand;
  try {
    brand = await fetchBrand();
  } catch {
    return;
  }
  for (const name of ['--color-accent', '--color-accent-fill', '--color-accent-fill-hover']) root.style.removeProperty(name);
  for (const [name, value] of Object.entries(brandProperties(brand))) root.style.setProperty(name, value);
}
