import { queryOptions, useQuery } from '@tanstack/react-query';
import { createContext, createElement, useContext, useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { apiFetch } from '../api/client';
import type { components } from '../api/schema';
import { currentLanguage } from '../i18n';

// The page's title and meta tags kept in step with the route. The server writes them into the
// HTML of the first page (SEO masks, canonical, Open Graph, noindex: internal/catalog
// seo_pages.go); while the viewer moves around the client, pages call useDocumentMeta.
//
// Pages stack: a modal page is rendered over the page below it, and both stay mounted. Every
// caller is an entry of one stack, ordered by layer (a modal page's screen is a layer above the
// page, see DocumentMetaLayer) and then by when it mounted. Each tag shows the value of the
// topmost entry that sets it, so the page below may keep loading and updating its meta
// without taking the tab title from the modal page; when the modal page closes, its entries
// leave and the page's values show again. With no entry left, the server's values come back.

export interface DocumentMeta {
  title?: string | null;
  description?: string | null;
  /** Adds <meta name="robots" content="noindex">. */
  noindex?: boolean;
  /** Absolute or site path; made absolute against the current origin. */
  canonical?: string | null;
  image?: string | null;
}

type Tag = { selector: string; create: () => HTMLElement; attr: 'content' | 'href' };

const metaTag = (attr: 'name' | 'property', key: string): Tag => ({
  selector: `meta[${attr}="${key}"]`,
  create: () => {
    const el = document.createElement('meta');
    el.setAttribute(attr, key);
    return el;
  },
  attr: 'content',
});

const TAGS = {
  description: metaTag('name', 'description'),
  robots: metaTag('name', 'robots'),
  ogTitle: metaTag('property', 'og:title'),
  ogDescription: metaTag('property', 'og:description'),
  ogUrl: metaTag('property', 'og:url'),
  ogImage: metaTag('property', 'og:image'),
  canonical: {
    selector: 'link[rel="canonical"]',
    create: () => {
      const el = document.createElement('link');
      el.rel = 'canonical';
      return el;
    },
    attr: 'href',
  } satisfies Tag,
};

type Slot = 'title' | keyof typeof TAGS;
const SLOTS: Slot[] = ['title', ...(Object.keys(TAGS) as (keyof typeof TAGS)[])];

/** What one entry sets: a value, null to remove the tag; slots it leaves alone are absent. */
type Claims = Partial<Record<Slot, string | null>>;

const absolute = (url: string) => {
  try {
    return new URL(url, window.location.origin).href;
  } catch {
    return url;
  }
};

/** The slots a call sets. Undefined fields (and empty title, canonical, image) set nothing. */
function claimsOf({ title, description, noindex, canonical, image }: DocumentMeta): Claims {
  const out: Claims = {};
  if (title) out.title = out.ogTitle = title;
  if (description != null) out.description = out.ogDescription = description || null;
  if (noindex !== undefined) out.robots = noindex ? 'noindex' : null;
  if (canonical) out.canonical = out.ogUrl = absolute(canonical);
  if (image) out.ogImage = absolute(image);
  return out;
}

function read(slot: Slot): string | null {
  if (slot === 'title') return document.title;
  const tag = TAGS[slot];
  return document.head.querySelector<HTMLElement>(tag.selector)?.getAttribute(tag.attr) ?? null;
}

function write(slot: Slot, value: string | null): void {
  if (read(slot) === value) return;
  if (slot === 'title') {
    document.title = value ?? '';
    return;
  }
  const tag = TAGS[slot];
  let el = document.head.querySelector<HTMLElement>(tag.selector);
  if (value === null) {
    el?.remove();
    return;
  }
  if (!el) {
    el = tag.create();
    document.head.appendChild(el);
  }
  el.setAttribute(tag.attr, value);
}

interface Entry {
  layer: number;
  order: number;
  claims: Claims;
}

const entries: Entry[] = [];
let mounted = 0;
/** The document's values before the first entry (the server's), put back when the last one leaves. */
let base: Record<Slot, string | null> | null = null;

/** Writes every slot from the topmost entry that sets it, else from the base. */
function apply(): void {
  if (entries.length === 0) {
    if (base) for (const slot of SLOTS) write(slot, base[slot]);
    base = null;
    return;
  }
  if (!base) base = Object.fromEntries(SLOTS.map((slot) => [slot, read(slot)])) as Record<Slot, string | null>;
  const top = [...entries].sort((a, b) => b.layer - a.layer || b.order - a.order);
  for (const slot of SLOTS) {
    const owner = top.find((e) => slot in e.claims);
    write(slot, owner ? (owner.claims[slot] ?? null) : base[slot]);
  }
}

const LayerContext = createContext(0);

/**
 * Puts the meta of everything inside one layer above the meta outside it, whatever mounts
 * first: a modal page's screen owns the tab title even when the page below finishes loading
 * (and mounts its meta) after it.
 */
export function DocumentMetaLayer({ children }: { children: ReactNode }) {
  return createElement(LayerContext.Provider, { value: useContext(LayerContext) + 1 }, children);
}

/**
 * Applies meta to the document while the calling component is mounted. Undefined fields are
 * left to the entries below. An entry keeps its place in the stack when its values change.
 */
export function useDocumentMeta(meta: DocumentMeta): void {
  const layer = useContext(LayerContext);
  const entry = useRef<Entry | null>(null);
  const { title, description, noindex, canonical, image } = meta;

  // Joining the stack: once per mount (and layer), so later value changes keep the place.
  useEffect(() => {
    const own: Entry = { layer, order: ++mounted, claims: {} };
    entry.current = own;
    entries.push(own);
    return () => {
      entries.splice(entries.indexOf(own), 1);
      entry.current = null;
      apply();
    };
  }, [layer]);

  useEffect(() => {
    if (!entry.current) return;
    entry.current.claims = claimsOf({ title, description, noindex, canonical, image });
    apply();
  }, [layer, title, description, noindex, canonical, image]);
}

export type SeoMask = components['schemas']['SEOMask'];

/** The texts of one page type, as the page uses them. */
export interface SeoTexts {
  title: string;
  description: string;
  h1: string;
}

/** The operator's SEO masks (GET /v2/seo/masks) in the interface language. */
export const seoMasksQuery = (lang: string) =>
  queryOptions({
    queryKey: ['platform', 'seoMasks', lang] as const,
    queryFn: ({ signal }) => apiFetch<SeoMask[]>('/seo/masks', { auth: false, signal }),
    staleTime: 10 * 60_000,
  });

/** The texts of page type path ('/contents/*') among the masks, with {name} filled; null when it has none. */
export function seoTextsOf(masks: readonly SeoMask[], path: string, name = ''): SeoTexts | null {
  const own = masks.filter((m) => m.page_type === path);
  if (own.length === 0) return null;
  const text = (type: SeoMask['text_type']) => (own.find((m) => m.text_type === type)?.value ?? '').split('{name}').join(name);
  return { title: text('title'), description: text('description'), h1: text('h1') };
}

/** The texts of the mask for path ('/contents/*'), with {name} filled; null until loaded or when none. */
export function useSeoMask(path: string, name = ''): SeoTexts | null {
  useTranslation(); // re-render on a language change
  const lang = currentLanguage();
  const { data } = useQuery(seoMasksQuery(lang));
  return data ? seoTextsOf(data, path, name) : null;
}
