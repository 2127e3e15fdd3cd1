// Money amounts of the API (minor units and an ISO currency code).

/**
 * Minor units to a localised money string. Whole amounts show no fraction ("299 ₽",
 * as operators price them); others show their kopecks ("1,50 ₽").
 */
export function formatMoney(minor: number, currency: string, lng: string): string {
  const whole = minor % 100 === 0;
  try {
    return new Intl.NumberFormat(lng, {
      style: 'currency',
      currency,
      minimumFractionDigits: whole ? 0 : 2,
      maximumFractionDigits: 2,
    }).format(minor / 100);
  } catch {
    return `${whole ? minor / 100 : (minor / 100).toFixed(2)} ${currency}`;
  }
}
