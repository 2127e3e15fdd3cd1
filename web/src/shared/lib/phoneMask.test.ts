import { describe, expect, it } from 'vitest';
import { displayPhone, formatPhone, fullPhone, isValidPhone, maskDigitCount, parseMask, subscriberDigits } from './phoneMask';

const ru = parseMask('+7 (###) ###-##-##');

describe('phone mask', () => {
  it('counts the digits of a mask (default 11)', () => {
    expect(maskDigitCount('+7 (###) ###-##-##')).toBe(11);
    expect(maskDigitCount('+998 ## ###-##-##')).toBe(12);
    expect(maskDigitCount('### ### ###')).toBe(9);
    expect(maskDigitCount('')).toBe(11);
    expect(maskDigitCount(null)).toBe(11);
    expect(ru).toMatchObject({ prefix: '7', slots: 10, total: 11 });
  });
});

describe('phone input normalisation (spec 5)', () => {
  it('takes only digits', () => {
    expect(subscriberDigits('900 abc 123-45-67', ru)).toBe('9001234567');
  });

  it('strips a leading +7 or 8 from autofill', () => {
    expect(subscriberDigits('+79001234567', ru)).toBe('9001234567');
    expect(subscriberDigits('+7 900 123 45 67', ru)).toBe('9001234567');
    expect(subscriberDigits('89001234567', ru)).toBe('9001234567');
    expect(subscriberDigits('79001234567', ru)).toBe('9001234567');
    expect(subscriberDigits('8 (900) 123-45-67', ru)).toBe('9001234567');
  });

  it('keeps a typed 7 or 8 that is part of the number', () => {
    expect(subscriberDigits('7771234567', ru)).toBe('7771234567');
    expect(subscriberDigits('8', ru)).toBe('8');
    expect(subscriberDigits('+7 (777', ru)).toBe('777');
  });

  it('reads back its own formatted value while typing and deleting', () => {
    expect(subscriberDigits('+7 (9001', ru)).toBe('9001');
    expect(subscriberDigits('+7 (900) 12', ru)).toBe('90012');
    expect(subscriberDigits('+7 (', ru)).toBe('');
  });

  it('cuts extra digits to the mask', () => {
    expect(subscriberDigits('900123456789', ru)).toBe('9001234567');
  });

  it('formats into the mask without trailing literals', () => {
    expect(formatPhone('', ru)).toBe('');
    expect(formatPhone('9', ru)).toBe('+7 (9');
    expect(formatPhone('900123', ru)).toBe('+7 (900) 123');
    expect(formatPhone('9001234567', ru)).toBe('+7 (900) 123-45-67');
  });

  it('validates the length against the mask digit count', () => {
    expect(isValidPhone(fullPhone('9001234567', ru), ru)).toBe(true);
    expect(isValidPhone(fullPhone('900123456', ru), ru)).toBe(false);
    expect(isValidPhone('790012345678', ru)).toBe(false);
    expect(isValidPhone('7900123456a', ru)).toBe(false);
    const nine = parseMask('### ### ###');
    expect(isValidPhone(fullPhone('123456789', nine), nine)).toBe(true);
    expect(isValidPhone(fullPhone('12345678', nine), nine)).toBe(false);
  });
});

describe('displayPhone', () => {
  it('lays a stored number into the mask', () => {
    expect(displayPhone('79000000001', ru)).toBe('+7 (900) 000-00-01');
    expect(displayPhone('998901234567', parseMask('+998 ## ###-##-##'))).toBe('+998 90 123-45-67');
  });

  it('adds the + of a mask without one when it has a prefix', () => {
    expect(displayPhone('79000000001', parseMask('7 ### ###-##-##'))).toBe('+7 900 000-00-01');
  });

  it('shows other numbers as digits after a + and a non-number as it is', () => {
    expect(displayPhone('380501234567', ru)).toBe('+380501234567');
    expect(displayPhone('7900', ru)).toBe('+7900');
    expect(displayPhone('demo', ru)).toBe('demo');
  });
});
