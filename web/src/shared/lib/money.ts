// Money amounts of the API (minor units and an ISO currency code).

/** Minor units to a localised money string. */
export function formatMoney(minor: number, currency: string, lng: string): string {
  try {
    return new Intl.NumberFormat(lng, { style: 'currency', currency }).format(minor / 100);
  } catch {
    return `${(minor / 100).toFixed(2)} ${currency}`;
  }
}
