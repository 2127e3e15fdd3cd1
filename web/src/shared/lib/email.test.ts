import { describe, expect, it } from 'vitest';
import { acceptsEmailInput, isStandardEmail, nextEmailValue } from './email';

describe('e-mail rules', () => {
  it('accepts the standard pattern only', () => {
    for (const ok of ['ivan@mail.ru', 'first.last+tv@sub.example.co', 'a_b-c@x-y.org']) expect(isStandardEmail(ok)).toBe(true);
    for (const bad of ['', 'ivan', 'ivan@', '@mail.ru', 'ivan@mail', 'ivan@mail.r', 'iv an@mail.ru', 'a..b@mail.ru', 'a@-x.ru', 'a@b@c.ru'])
      expect(isStandardEmail(bad)).toBe(false);
  });
  it('refuses Cyrillic and punycode addresses', () => {
    expect(isStandardEmail('иван@почта.рф')).toBe(false);
    expect(isStandardEmail('ivan@xn--80a1acny.xn--p1ai')).toBe(false);
    expect(acceptsEmailInput('ivan@mail.ru')).toBe(true);
    expect(nextEmailValue('iva', 'ivaн')).toBe('iva');
  });
});
