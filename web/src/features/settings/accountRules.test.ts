import { describe, expect, it } from 'vitest';
import { acceptsEmailInput, nextEmailValue, validateAccount } from './accountRules';
import { addLanguage, moveLanguage, removeLanguage } from './trackLanguages';
import { visibleSections } from './sections';

describe('e-mail input', () => {
  it('ignores input with Cyrillic letters', () => {
    expect(acceptsEmailInput('ivan@mail.ru')).toBe(true);
    expect(acceptsEmailInput('иван@mail.ru')).toBe(false);
    expect(nextEmailValue('iva', 'ivaн')).toBe('iva');
  });
  it('ignores input with the punycode prefix', () => {
    expect(acceptsEmailInput('a@xn--80ak6aa92e.com')).toBe(false);
    expect(acceptsEmailInput('a@XN--p1ai')).toBe(false);
    expect(nextEmailValue('a@', 'a@xn--')).toBe('a@');
    expect(nextEmailValue('a@', 'a@b')).toBe('a@b');
  });
  it('requires the e-mail but not the first name', () => {
    expect(validateAccount({ firstName: ' ', email: '' })).toEqual({ email: 'required' });
    expect(validateAccount({ firstName: '', email: 'i@x.ru' })).toEqual({});
    expect(validateAccount({ firstName: 'Ivan', email: 'i@x.ru' })).toEqual({});
  });
});

describe('settings sections', () => {
  it('shows payment only when allowed with pay systems and language only with languages', () => {
    expect(visibleSections({ paymentAllowed: false, hasPaySystems: true, hasLanguages: true })).not.toContain('payment');
    expect(visibleSections({ paymentAllowed: true, hasPaySystems: true, hasLanguages: false })).toEqual(
      expect.arrayContaining(['payment']),
    );
    expect(visibleSections({ paymentAllowed: true, hasPaySystems: true, hasLanguages: false })).not.toContain('language');
  });
});

describe('track language preferences', () => {
  it('keeps an ordered list without duplicates', () => {
    expect(addLanguage(['ru'], 'en')).toEqual(['ru', 'en']);
    expect(addLanguage(['ru'], 'ru')).toEqual(['ru']);
    expect(moveLanguage(['ru', 'en', 'kk'], 'kk', -1)).toEqual(['ru', 'kk', 'en']);
    expect(moveLanguage(['ru', 'en'], 'ru', -1)).toEqual(['ru', 'en']);
    expect(removeLanguage(['ru', 'en'], 'ru')).toEqual(['en']);
  });
});
