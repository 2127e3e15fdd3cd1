import type { TFunction } from 'i18next';
import { dateFormat } from './format';
import { dayLabelKind } from './timeline';

/** "Today", "Yesterday", "Tomorrow" or the weekday and date in the interface language. */
export function dayLabel(t: TFunction, language: string, start: number, offset: number): { main: string; sub: string } {
  const date = dateFormat(language, { day: 'numeric', month: 'short' }).format(start * 1000);
  const weekday = dateFormat(language, { weekday: 'short' }).format(start * 1000);
  const kind = dayLabelKind(offset);
  if (kind === 'date') return { main: capitalise(weekday, language), sub: date };
  return { main: t(`guide.days.${kind}`), sub: date };
}

/** The full date for screen readers and the grid's name: "Sunday, 22 November". */
export function longDate(language: string, start: number): string {
  return dateFormat(language, { weekday: 'long', day: 'numeric', month: 'long' }).format(start * 1000);
}

function capitalise(s: string, language: string): string {
  return s.charAt(0).toLocaleUpperCase(language) + s.slice(1);
}
