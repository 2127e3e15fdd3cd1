import { describe, expect, it } from 'vitest';
import { formatMoney } from './money';

describe('formatMoney', () => {
  it('formats minor units as money', () => {
    expect(formatMoney(12345, 'RUB', 'en')).toContain('123.45');
  });

  it('falls back to the amount and the code for an unknown currency', () => {
    expect(formatMoney(500, 'not-a-code', 'en')).toBe('5.00 not-a-code');
  });
});
