// @vitest-environment node
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import ru from '../../../public/locales/ru/translation.json';
import ro from '../../../public/locales/ro/translation.json';
import lv from '../../../public/locales/lv/translation.json';
import type { TFunction } from 'i18next';
import { waitText } from './duration';
import { pluralBase, pluralCategory, pluralSuffixes } from './plural';

describe('plural categories', () => {
  it('follows the Russian three-form rule', () => {
    expect([1, 21, 101].map((n) => pluralCategory('ru', n))).toEqual(['one', 'one', 'one']);
    expect([2, 3, 4, 22, 34].map((n) => pluralCategory('ru', n))).toEqual(['few', 'few', 'few', 'few', 'few']);
    expect([0, 5, 11, 12, 14, 20, 25, 111].map((n) => pluralCategory('ru', n))).toEqual(Array(8).fill('many'));
  });

  it('lists the suffixes a language needs', () => {
    expect(pluralSuffixes('ru')).toEqual(['_few', '_many', '_one', '_other']);
    expect(pluralSuffixes('en')).toEqual(['_one', '_other']);
  });

  it('finds the base of a plural key', () => {
    expect(pluralBase('days_few')).toBe('days');
    expect(pluralBase('days')).toBeNull();
  });
});

describe('translations use i18next plural keys', () => {
  const t = (lng: string, resources: object) => {
    const instance = i18next.createInstance();
    void instance.init({ lng, resources: { [lng]: { translation: resources } }, initAsync: false });
    return instance.t.bind(instance) as (key: string, opts: Record<string, unknown>) => string;
  };

  it('Russian: день / дня / дней', () => {
    const tr = t('ru', ru);
    expect([1, 2, 5, 11, 21, 22, 25].map((count) => tr('plural.days', { count }))).toEqual([
      '1 день',
      '2 дня',
      '5 дней',
      '11 дней',
      '21 день',
      '22 дня',
      '25 дней',
    ]);
    expect(tr('plural.films', { count: 3 })).toBe('3 фильма');
    expect(tr('plural.minutes', { count: 14 })).toBe('14 минут');
    expect(tr('plural.hours', { count: 1 })).toBe('1 час');
  });

  it('Romanian and Latvian use their own forms', () => {
    expect(t('ro', ro)('plural.days', { count: 20 })).toBe('20 de zile');
    expect(t('ro', ro)('plural.days', { count: 2 })).toBe('2 zile');
    expect(t('lv', lv)('plural.days', { count: 10 })).toBe('10 dienu');
    expect(t('lv', lv)('plural.days', { count: 21 })).toBe('21 diena');
  });

  it('Russian counts on screen, with 1, 3, 5 and 21: days, minutes, hours, seconds', () => {
    const tr = t('ru', ru);
    const forms = (key: string) => [1, 3, 5, 21].map((count) => tr(key, { count }));
    expect(forms('plural.days')).toEqual(['1 день', '3 дня', '5 дней', '21 день']);
    expect(forms('plural.minutes')).toEqual(['1 минута', '3 минуты', '5 минут', '21 минута']);
    expect(forms('plural.hours')).toEqual(['1 час', '3 часа', '5 часов', '21 час']);
    expect(forms('plural.seconds')).toEqual(['1 секунда', '3 секунды', '5 секунд', '21 секунда']);
  });

  it('Russian resend countdown (accusative after «через»)', () => {
    const tr = t('ru', ru);
    expect([1, 3, 5, 21, 59].map((count) => tr('auth.code.resendIn', { count }))).toEqual([
      'Отправить повторно через 1 секунду',
      'Отправить повторно через 3 секунды',
      'Отправить повторно через 5 секунд',
      'Отправить повторно через 21 секунду',
      'Отправить повторно через 59 секунд',
    ]);
  });

  it('Russian waits (PIN lock, sign-in limit) and promo days', () => {
    const tr = t('ru', ru);
    const wait = (s: number) => tr('parental.locked', { time: waitText(tr as unknown as TFunction, s) });
    expect(wait(1)).toBe('Слишком много попыток. До следующей попытки: 1 секунда.');
    expect(wait(21)).toBe('Слишком много попыток. До следующей попытки: 21 секунда.');
    expect(wait(180)).toBe('Слишком много попыток. До следующей попытки: 3 минуты.');
    expect(wait(5 * 60 - 10)).toBe('Слишком много попыток. До следующей попытки: 5 минут.');
    expect(wait(21 * 60)).toBe('Слишком много попыток. До следующей попытки: 21 минута.');
    expect(wait(3600)).toBe('Слишком много попыток. До следующей попытки: 1 час.');
    expect(tr('auth.phone.rateLimited', { time: waitText(tr as unknown as TFunction, 45) })).toBe(
      'Слишком много попыток. До следующей попытки: 45 секунд.',
    );
    const promo = (days: number) => tr('auth.promoDays', { days: tr('plural.days', { count: days }) });
    expect([1, 3, 5, 21].map(promo)).toEqual([
      'Бесплатный период для новых пользователей: 1 день',
      'Бесплатный период для новых пользователей: 3 дня',
      'Бесплатный период для новых пользователей: 5 дней',
      'Бесплатный период для новых пользователей: 21 день',
    ]);
  });
});
