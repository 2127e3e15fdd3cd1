import { useDocumentMeta, useSeoMask } from '@/shared/lib/useDocumentMeta';
import { cleanDescription, cutText } from './rules/description';

/** Meta descriptions are cut to what search engines show. */
const DESCRIPTION_MAX = 160;

export interface PageMeta {
  /** The SEO mask's path ('/contents/*', '/persons/*', '/news/*', '/my'...). */
  mask: string;
  /** What the mask's {name} stands for (the content's title, the person's name). */
  name?: string;
  description?: string | null;
  canonical?: string | null;
  image?: string | null;
  noindex?: boolean;
}

/**
 * The document's title and meta of a catalogue page while the viewer moves around the
 * client (the server wrote the same into the first page's HTML): the operator's SEO mask
 * filled with the name, else the name; the page's own text as the description when it has one.
 */
export function usePageMeta({ mask, name = '', description, canonical, image, noindex }: PageMeta): void {
  const texts = useSeoMask(mask, name);
  const own = cutText(cleanDescription(description).replace(/\s+/g, ' '), DESCRIPTION_MAX);
  useDocumentMeta({
    title: texts?.title || name || null,
    description: own || texts?.description || null,
    canonical,
    image,
    noindex,
  });
}

/** Marks the page noindex while mounted (spec 5: lost contents, missing pages, bare ids). */
export function useNoindex(active: boolean): void {
  useDocumentMeta({ noindex: active ? true : undefined });
}
