// Description rules of spec 2 "Content detail" and 5: 'null'/'none' texts are dropped; the
// content page shows the first 600 characters with 'show all' when there is more or when
// the text has several paragraphs; pages (persons, news) collapse texts over 400
// characters with more/less.

export const DESCRIPTION_TRIM = 600;
export const PAGE_COLLAPSE = 400;

/** The text, or '' when missing or a placeholder the data sometimes carries. */
export function cleanDescription(text: string | null | undefined): string {
  const t = (text ?? '').trim();
  return /^(null|none)$/i.test(t) ? '' : t;
}

/** Paragraphs: blank lines (or single line breaks) separate them; empty ones are dropped. */
export function paragraphsOf(text: string): string[] {
  return cleanDescription(text)
    .split(/\r?\n+/)
    .map((p) => p.trim())
    .filter((p) => p !== '' && !/^(null|none)$/i.test(p));
}

/** Cuts at a word boundary at most `limit` characters long and adds an ellipsis. */
export function cutText(text: string, limit: number): string {
  if (text.length <= limit) return text;
  const head = text.slice(0, limit);
  const space = head.lastIndexOf(' ');
  const cut = space > limit * 0.6 ? head.slice(0, space) : head;
  return `${cut.replace(/[\s.,;:!?\u2013\u2014-]+$/u, '')}\u2026`;
}

export interface TrimmedDescription {
  /** Every paragraph of the text. */
  paragraphs: string[];
  /** What shows collapsed: the first paragraph, at most `limit` characters. */
  short: string;
  /** Whether a 'show all' control is needed (more text than `short`). */
  expandable: boolean;
}

/** The content page's description: 600 characters, 'show all' for more text or paragraphs. */
export function trimDescription(text: string | null | undefined, limit = DESCRIPTION_TRIM): TrimmedDescription {
  const paragraphs = paragraphsOf(text ?? '');
  const first = paragraphs[0] ?? '';
  const short = cutText(first, limit);
  return { paragraphs, short, expandable: paragraphs.length > 1 || short !== first };
}

/** Page texts (biography, news): collapsed with more/less when over 400 characters. */
export function collapsesOnPage(text: string | null | undefined, limit = PAGE_COLLAPSE): boolean {
  return cleanDescription(text).length > limit;
}
