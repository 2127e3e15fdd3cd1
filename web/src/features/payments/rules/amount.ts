// The top-up amount the viewer types (major units, as the interface shows money) to minor
// units for the wire, and back for the field.

/** The largest top-up accepted in one payment, major units (a typo guard, not a business rule). */
export const REFILL_MAX_MAJOR = 1_000_000;

/** "500", "500.5", "500,50", "1 000" -> minor units; null when empty, not a number, not positive or over the limit. */
export function parseMajorAmount(text: string): number | null {
  const s = text.replace(/[\s\u00a0]/g, '').replace(',', '.');
  if (!/^\d+(\.\d{1,2})?$/.test(s)) return null;
  const minor = Math.round(Number(s) * 100);
  if (!Number.isFinite(minor) || minor <= 0 || minor > REFILL_MAX_MAJOR * 100) return null;
  return minor;
}

/** Minor units as the field's starting text: whole units without decimals, else two decimals. */
export function majorText(minor: number): string {
  if (minor <= 0) return '';
  return minor % 100 === 0 ? String(minor / 100) : (minor / 100).toFixed(2);
}
