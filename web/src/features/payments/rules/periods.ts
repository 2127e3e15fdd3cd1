import type { PeriodHuman, PeriodOption } from '../types';

// Period options of a packet (spec 3 "Period option", 5 "Validation rules" money rules):
// how a period reads, whether a trial applies, the discount shown.

export type PeriodUnit = 'years' | 'months' | 'days';

/** The largest whole unit of a period (12 months read as 1 year); null for an empty period. */
export function periodParts(p: PeriodHuman | null | undefined): { unit: PeriodUnit; count: number } | null {
  if (!p) return null;
  const months = p.years * 12 + p.months;
  if (months > 0 && p.days === 0) return months % 12 === 0 ? { unit: 'years', count: months / 12 } : { unit: 'months', count: months };
  // Spec 5: a month counts 30 days, a year 365.
  const days = p.days + p.months * 30 + p.years * 365;
  return days > 0 ? { unit: 'days', count: days } : null;
}

export function isEmptyPeriod(p: PeriodHuman | null | undefined): boolean {
  return periodParts(p) === null;
}

/** Spec 5: a trial applies only when its period is not empty and it is open to this viewer (not used). */
export function hasTrial(o: Pick<PeriodOption, 'trial_amount' | 'trial_period_human'>): boolean {
  return o.trial_amount !== null && o.trial_amount !== undefined && !isEmptyPeriod(o.trial_period_human);
}

/**
 * Spec 5: the discount shown is 100 minus the percent of the option's monthly price against
 * the first (shortest) period's monthly price, never negative, whole percent.
 */
export function discountPercent(monthly: number, firstMonthly: number): number {
  if (firstMonthly <= 0 || monthly <= 0) return 0;
  return Math.max(0, Math.round(100 - (monthly * 100) / firstMonthly));
}

/** The server's discount when it sends one, else computed against the first option. */
export function shownDiscount(o: PeriodOption, first: PeriodOption | undefined): number {
  if (o.discount > 0) return o.discount;
  return first ? discountPercent(o.monthly_amount, first.monthly_amount) : 0;
}

/**
 * Spec 5: the amount compared with the balance is the purchase amount (the trial price when
 * the trial is taken), else the total price, else the price.
 */
export function chargeOf(o: Pick<PeriodOption, 'amount' | 'trial_amount'>, trial: boolean): number {
  if (trial && o.trial_amount !== null && o.trial_amount !== undefined) return o.trial_amount;
  return o.amount;
}

/**
 * A period change that starts later (spec 4 step 9, message_period_planned): the answer is
 * a planned subscription, one that starts in the future, or the running one still on
 * another period (the new one begins at its renewal).
 */
export function isPlannedChange(s: { state: string; start_at: number; period_id: number | null }, requestedPeriodId: number, nowMs: number): boolean {
  return s.state === 'future' || s.start_at * 1000 > nowMs || (s.period_id !== null && s.period_id !== requestedPeriodId);
}

/** A period given in days (channel packets) as months or years when it is whole ones (30-day months, 360 or 365-day years). */
export function periodFromDays(days: number): PeriodHuman {
  if (days > 0 && (days % 365 === 0 || days % 360 === 0)) return { days: 0, months: 0, years: days % 365 === 0 ? days / 365 : days / 360 };
  if (days > 0 && days % 30 === 0) return { days: 0, months: days / 30, years: 0 };
  return { days: Math.max(0, days), months: 0, years: 0 };
}
