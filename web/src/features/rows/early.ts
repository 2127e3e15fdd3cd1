import { API_BASE } from '@/shared/api';
import { currentLanguage, pickLanguage } from '@/shared/i18n';
import { readKey, StorageKey } from '@/shared/session';
import { artworkSrcset } from '@/shared/lib/artworkSrcset';
import { ROWSET_CLIENT } from './api';
import { contentImage } from './rules/content';
import { promoImage } from './tiles/promo';
import type { Rowset } from './types';

// The start page of a first visit, asked for while the app starts. A new visitor's start-up
// creates a guest session first (four calls in a row); a new guest's rows are what an
// anonymous request gets (no history, no favourites, no packets, not a child), so the
// rowset is asked for at once, anonymously, and the first pictures are warmed in the
// browser's cache. The home view takes the answer once, if the viewer is still a new
// guest in the same language; any other case asks as usual.

interface Early {
  ref: string;
  lang: string;
  promise: Promise<Rowset | null>;
  /** The answer once it is in: the home view's first render can draw it at once. */
  value?: Rowset | null;
}

let early: Early | null = null;
const warmed: HTMLImageElement[] = [];

/** How many pictures of the first rows are fetched ahead (the first screen's). */
const WARM_IMAGES = 8;

/** Warms src as a tile of this CSS width shows it: the same srcset and sizes pick the same candidate. */
function warm(src: string, width?: number) {
  if (!src || warmed.length >= WARM_IMAGES + 1) return;
  const img = new Image();
  img.decoding = 'async';
  const srcset = width ? artworkSrcset(src) : undefined;
  if (srcset) {
    img.sizes = `${width}px`;
    img.srcset = srcset;
  }
  img.src = src;
  warmed.push(img);
}

/** The pictures of the first screen: the first banner and the first row of posters. */
function warmImages(rowset: Rowset) {
  const rows = rowset.rows ?? [];
  const slider = rows.find((r) => r.template === 'promo-bg');
  if (slider === rows[0] && slider?.promotions?.[0]) warm(promoImage(slider.promotions[0]));
  const first = rows.find((r) => (r.template === 'content-v' || r.template === 'content-h') && (r.contents?.length ?? 0) > 0);
  const cover = first?.template === 'content-h';
  for (const c of (first?.contents ?? []).slice(0, WARM_IMAGES)) warm(contentImage(c, cover ? 'cover' : 'poster'), cover ? 332 : 282);
}

const startLanguage = () => pickLanguage(readKey(StorageKey.language), navigator.languages ?? [navigator.language]);

/** Starts the first visit's start-page rowset (nothing when a session is stored: a returning viewer). */
export function prefetchFirstVisit(ref: string, pathname: string): void {
  if (early || typeof window === 'undefined' || readKey(StorageKey.accessToken)) return;
  if (pathname !== '/' && pathname !== '/startpage') return;
  const lang = startLanguage();
  const promise = fetch(`${API_BASE}/rowsets/${encodeURIComponent(ref)}?type=${ROWSET_CLIENT}`, {
    headers: { Accept: 'application/json', 'Accept-Language': lang },
  })
    .then((res) => (res.ok ? (res.json() as Promise<Rowset>) : null))
    .then((rowset) => {
      if (rowset?.rows) warmImages(rowset);
      const value = rowset?.rows ? rowset : null;
      if (early) early.value = value;
      return value;
    })
    .catch(() => null);
  early = { ref, lang, promise };
}

/** The early answer if it has already arrived (same rules as takeFirstVisit); taken once. */
export function firstVisitData(ref: string): Rowset | undefined {
  const e = early;
  if (!e || e.ref !== ref || !e.value) return undefined;
  early = null;
  return e.lang === currentLanguage() ? e.value : undefined;
}

/** The early answer, once, for a new guest in the language it was asked in. */
export function takeFirstVisit(ref: string): Promise<Rowset | null> | null {
  const e = early;
  if (!e || e.ref !== ref) return null;
  early = null;
  return e.lang === currentLanguage() ? e.promise : null;
}
