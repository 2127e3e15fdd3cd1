// Formatting on the guide's hot path. Building an Intl.DateTimeFormat costs milliseconds
// (the first one of a language loads its locale data), so formatters are made once per
// language and options; clock times are "HH:MM" by hand (all 11 interface languages
// write the 24-hour clock), which keeps Intl off the grid's render entirely.

const cache = new Map<string, Intl.DateTimeFormat>();

export function dateFormat(language: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${language}|${JSON.stringify(options)}`;
  let f = cache.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(language, options);
    cache.set(key, f);
  }
  return f;
}

const pad = (n: number) => (n < 10 ? `0${n}` : String(n));

/** "HH:MM" of a unix second in local time. */
export function clock(unixSeconds: number): string {
  const d = new Date(unixSeconds * 1000);
  return `${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/**
 * A translated sentence with slots filled per call: i18next runs once per template and
 * the grid fills hundreds of labels with plain string replacement.
 */
export function template(translated: (slots: Record<string, string>) => string, names: readonly string[]): (values: Record<string, string>) => string {
  const slots = Object.fromEntries(names.map((n, i) => [n, `\u0000${i}\u0000`]));
  const parts = translated(slots).split(/\u0000(\d+)\u0000/);
  return (values) => {
    let out = '';
    for (let i = 0; i < parts.length; i++) out += i % 2 ? (values[names[Number(parts[i])]!] ?? '') : parts[i];
    return out;
  };
}
