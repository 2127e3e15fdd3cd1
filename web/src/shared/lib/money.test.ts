import { describe, expect, it } from 'vitest';
import { formatMoney } from './money';

describe('formatMoney', () => {
  it('formats minor units as money', () => {
    expect(formatMoney(12345, 'RUB', 'en')).toContain('123.45');
  });

  it('shows whole amounts without a fraction, as operators price them', () => {
    expect(formatMoney(29900, 'RUB', 'ru').replace(/\s/g, ' ')).toBe('299 ₽');
    expect(formatMoney(150, 'RUB', 'ru').replace(/\s/g, ' ')).toBe('1,50 ₽');
  });

  it('falls back to the amount and the code for an unknown currency', () => {
    expect(formatMoney(500, 'not-a-code', 'en')).toBe('5 not-a-code');
    expect(formatMoney(550, 'not-a-code', 'en')).toBe('5.50 not-a-code');
  });
});
