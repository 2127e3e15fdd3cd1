import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { apiFetch } from '../api/client';
import type { components } from '../api/schema';
import { currentLanguage } from '../i18n';

// The page's title and meta tags kept in step with the route. The server writes them into the
// HTML of the first page (SEO masks, canonical, Open Graph, noindex: internal/catalog
// seo_pages.go); while the viewer moves around the client, pages call useDocumentMeta, which
// updates the same tags and puts the previous values back when the page goes away, so a modal
// page over a page restores the page's title when it closes.

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

/** Sets one tag's value (null removes the tag); gives back a function that restores it. */
function setTag(tag: Tag, value: string | null): () => void {
  let el = document.head.querySelector<HTMLElement>(tag.selector);
  const existed = !!el;
  const before = el?.getAttribute(tag.attr) ?? null;
  if (value === null) {
    el?.remove();
  } else {
    if (!el) {
      el = tag.create();
      document.head.appendChild(el);
    }
    el.setAttribute(tag.attr, value);
  }
  return () => {
    const now = document.head.querySelector<HTMLElement>(tag.selector);
    if (!existed) {
      now?.remove();
      return;
    }
    const target = now ?? tag.create();
    if (!now) document.head.appendChild(target);
    if (before !== null) target.setAttribute(tag.attr, before);
  };
}

const absolute = (url: string) => {
  try {
    return new URL(url, window.location.origin).href;
  } catch {
    return url;
  }
};

/** Applies meta to the document while the calling component is mounted. Undefined fields are left as they are. */
export function useDocumentMeta({ title, description, noindex, canonical, image }: DocumentMeta): void {
  useEffect(() => {
    const restore: (() => void)[] = [];
    if (title) {
      const before = document.title;
      document.title = title;
      restore.push(() => {
        document.title = before;
      });
      restore.push(setTag(TAGS.ogTitle, title));
    }
    if (description != null) {
      restore.push(setTag(TAGS.description, description || null));
      restore.push(setTag(TAGS.ogDescription, description || null));
    }
    if (noindex !== undefined) restore.push(setTag(TAGS.robots, noindex ? 'noindex' : null));
    if (canonical) {
      restore.push(setTag(TAGS.canonical, absolute(canonical)));
      restore.push(setTag(TAGS.ogUrl, absolute(canonical)));
    }
    if (image) restore.push(setTag(TAGS.ogImage, absolute(image)));
    return () => {
      for (let i = restore.length - 1; i >= 0; i--) restore[i]!();
    };
  }, [title, description, noindex, canonical, image]);
}

export type SeoMask = components['schemas']['SEOMask'];

/** The operator's SEO masks (GET /v2/seo/masks) in the interface language. */
export const seoMasksQuery = (lang: string) =>
  queryOptions({
    queryKey: ['platform', 'seoMasks', lang] as const,
    queryFn: ({ signal }) => apiFetch<SeoMask[]>('/seo/masks', { auth: false, signal }),
    staleTime: 10 * 60_000,
  });

/** The texts of the mask for path ('/contents/*'), with {name} filled; null until loaded or when none. */
export function useSeoMask(path: string, name = ''): Omit<SeoMask, 'path'> | null {
  useTranslation(); // re-render on a language change
  const lang = currentLanguage();
  const { data } = useQuery(seoMasksQuery(lang));
  const mask = data?.find((m) => m.path === path);
  if (!mask) return null;
  const fill = (s: string) => s.split('{name}').join(name);
  return { title: fill(mask.title), description: fill(mask.description), h1: fill(mask.h1) };
}
