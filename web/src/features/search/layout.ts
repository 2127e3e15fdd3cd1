// Keyboard layout conversion (spec 5 "Search": the layout hint for Russian). Text typed with
// the English (QWERTY) layout on while the viewer meant Russian (ЙЦУКЕН) is converted key by
// key: "vfnhbwf" -> "матрица", "Ghbdtn" -> "Привет", "ns ,sk" -> "ты был". Both directions,
// letters keep their case, the punctuation keys that carry Russian letters ([ ] ; ' , . `)
// and the shifted digits that differ (@ # $ ^ & and ? /) are mapped too.

/** Key pairs: the character of a key on QWERTY, then on ЙЦУКЕН (unshifted and shifted rows). */
const KEYS: readonly (readonly [string, string])[] = [
  ['`qwertyuiop[]asdfghjkl;\'zxcvbnm,./', 'ёйцукенгшщзхъфывапролджэячсмитьбю.'],
  ['~QWERTYUIOP{}ASDFGHJKL:"ZXCVBNM<>?', 'ЁЙЦУКЕНГШЩЗХЪФЫВАПРОЛДЖЭЯЧСМИТЬБЮ,'],
  ['@#$^&|', '"№;:?/'],
];

const latinToCyr = new Map<string, string>();
const cyrToLatin = new Map<string, string>();
for (const [latin, cyr] of KEYS) {
  for (let i = 0; i < latin.length; i++) {
    latinToCyr.set(latin[i]!, cyr[i]!);
    // '/' and '|' both give '/' in Russian ('|' is shift+\ on both); keep the first for the way back.
    if (!cyrToLatin.has(cyr[i]!)) cyrToLatin.set(cyr[i]!, latin[i]!);
  }
}

const convert = (text: string, map: ReadonlyMap<string, string>) => Array.from(text, (ch) => map.get(ch) ?? ch).join('');

/** What the keys typed on the English layout give on the Russian one. */
export const latinToCyrillic = (text: string) => convert(text, latinToCyr);

/** What the keys typed on the Russian layout give on the English one. */
export const cyrillicToLatin = (text: string) => convert(text, cyrToLatin);

const LATIN_LETTER = /[a-z]/gi;
const CYRILLIC = /[\u0400-\u04ff]/;

/** Rules of spec 5: at least 3 Latin letters, skipped when over 15 characters with several words. */
export const HINT_MIN_LATIN_LETTERS = 3;
export const HINT_MAX_MULTIWORD_LENGTH = 15;

/**
 * The Russian reading of a query worth offering, or null: the query has at least 3 Latin
 * letters and no Cyrillic, is not over 15 characters with several words, is not ordinary
 * English (isEnglishWord says, word by word) and converts to letters. Whether the reading is
 * a known word is the server's to say (its suggestions for the reading are not empty).
 */
export function layoutHintCandidate(query: string, isEnglishWord: (word: string) => boolean): string | null {
  const text = query.trim().replace(/\s+/g, ' ');
  if (!text || CYRILLIC.test(text)) return null;
  if ((text.match(LATIN_LETTER)?.length ?? 0) < HINT_MIN_LATIN_LETTERS) return null;
  const words = text.split(' ');
  if (words.length > 1 && text.length > HINT_MAX_MULTIWORD_LENGTH) return null;
  // Ordinary English: every word with letters is a dictionary word ("hello", "star wars").
  const lettered = words.map((w) => w.toLowerCase().replace(/[^a-z]/g, '')).filter(Boolean);
  if (lettered.length > 0 && lettered.every(isEnglishWord)) return null;
  const converted = latinToCyrillic(text).toLocaleLowerCase('ru');
  // A reading with no Cyrillic letter in it (digits and signs only) is no hint.
  return CYRILLIC.test(converted) ? converted : null;
}
