import { describe, expect, it } from 'vitest';
import { cyrillicToLatin, latinToCyrillic, layoutHintCandidate } from './layout';

const english = new Set(['hello', 'star', 'wars', 'matrix', 'the', 'tree']);
const isEnglish = (w: string) => english.has(w);

describe('keyboard layout conversion', () => {
  it('reads QWERTY keys as ЙЦУКЕН', () => {
    expect(latinToCyrillic('vfnhbwf')).toBe('матрица');
    expect(latinToCyrillic('ctdthysq dtnth')).toBe('северный ветер');
  });

  it('keeps the case of letters', () => {
    expect(latinToCyrillic('Ghbdtn')).toBe('Привет');
    expect(latinToCyrillic('VFNHBWF')).toBe('МАТРИЦА');
    expect(cyrillicToLatin('Привет')).toBe('Ghbdtn');
  });

  it('maps the punctuation keys that carry Russian letters', () => {
    expect(latinToCyrillic('ns ,sk')).toBe('ты был');
    expect(latinToCyrillic('[jhjij')).toBe('хорошо');
    expect(latinToCyrillic("'nj")).toBe('это');
    expect(latinToCyrillic('`krf')).toBe('ёлка');
    expect(latinToCyrillic(';bpym')).toBe('жизнь');
    expect(latinToCyrillic('{B}')).toBe('ХИЪ');
    expect(latinToCyrillic('<>:"~')).toBe('БЮЖЭЁ');
    expect(latinToCyrillic('.')).toBe('ю');
  });

  it('maps the slash, question mark and shifted digits as the Russian layout types them', () => {
    expect(latinToCyrillic('rfr ltkf/')).toBe('как дела.');
    expect(latinToCyrillic('ult?')).toBe('где,');
    expect(latinToCyrillic('@#$^&')).toBe('"№;:?');
    expect(cyrillicToLatin('"№;:?')).toBe('@#$^&');
  });

  it('leaves digits, spaces and other signs alone', () => {
    expect(latinToCyrillic('12 - 3!')).toBe('12 - 3!');
    expect(cyrillicToLatin('2019 год')).toBe('2019 ujl');
  });

  it('goes there and back', () => {
    for (const text of ['матрица снов', 'Ёжик в тумане', 'съешь же ещё этих мягких французских булок, да выпей чаю.']) {
      expect(latinToCyrillic(cyrillicToLatin(text))).toBe(text);
    }
  });
});

describe('layout hint candidate (spec 5)', () => {
  it('offers the Russian reading of Latin gibberish', () => {
    expect(layoutHintCandidate('vfnhbwf', isEnglish)).toBe('матрица');
    expect(layoutHintCandidate('  VfnHbwf ', isEnglish)).toBe('матрица');
    expect(layoutHintCandidate('ctdthysq dtnth', isEnglish)).toBe('северный ветер');
  });

  it('needs at least 3 Latin letters', () => {
    expect(layoutHintCandidate('vf', isEnglish)).toBeNull();
    expect(layoutHintCandidate('v1f2', isEnglish)).toBeNull();
    expect(layoutHintCandidate('vfn', isEnglish)).toBe('мат');
  });

  it('skips text with Cyrillic in it', () => {
    expect(layoutHintCandidate('vfnhbwf снов', isEnglish)).toBeNull();
  });

  it('skips several words over 15 characters, not one long word', () => {
    expect(layoutHintCandidate('vfnhbwf cyjd ctdth', isEnglish)).toBeNull();
    expect(layoutHintCandidate('ljcnjghbvtxfntkmyjcnb', isEnglish)).toBe('достопримечательности');
  });

  it('skips ordinary English', () => {
    expect(layoutHintCandidate('hello', isEnglish)).toBeNull();
    expect(layoutHintCandidate('Star Wars', isEnglish)).toBeNull();
    expect(layoutHintCandidate('Matrix', isEnglish)).toBeNull();
    // One word that is not English is enough to offer it.
    expect(layoutHintCandidate('the vfnhbwf', isEnglish)).toBe('еру матрица');
  });

  it('skips empty input', () => {
    expect(layoutHintCandidate('   ', isEnglish)).toBeNull();
  });
});
