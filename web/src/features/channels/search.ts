// Channel search (spec "Channel viewer": case-insensitive, also matching with keyboard-layout
// transliteration): "ythdsq" typed on an English layout finds "Первый", "сртфттуд" finds "channel".

const EN = "`qwertyuiop[]asdfghjkl;'zxcvbnm,.";
const RU = 'ёйцукенгшщзхъфывапролджэячсмитьбю';

const enToRu = new Map<string, string>();
const ruToEn = new Map<string, string>();
for (let i = 0; i < EN.length; i++) {
  enToRu.set(EN[i]!, RU[i]!);
  ruToEn.set(RU[i]!, EN[i]!);
}

const swap = (text: string, map: Map<string, string>) =>
  Array.from(text, (ch) => map.get(ch) ?? ch).join('');

/** The query as typed plus its other-layout readings, lower-cased and trimmed. */
export function searchVariants(query: string): string[] {
  const q = query.trim().toLocaleLowerCase();
  if (!q) return [];
  const out = new Set([q, swap(q, enToRu), swap(q, ruToEn)]);
  return [...out];
}

export function matchesSearch(name: string, query: string): boolean {
  const variants = searchVariants(query);
  if (!variants.length) return true;
  const hay = name.toLocaleLowerCase();
  return variants.some((v) => hay.includes(v));
}
