import { queryOptions } from '@tanstack/react-query';
import type { components } from '@/shared/api/schema';
import { consoleFetch } from '../api/client';

// The pages section's calls (/v2/operator/pages/...): rowsets and their rows, the header
// menu, promotions, news and SEO masks.

export type Rowset = components['schemas']['PagesRowset'];
export type Row = components['schemas']['PagesRow'];
export type RowInput = components['schemas']['PagesRowInput'];
export type Item = components['schemas']['PagesItem'];
export type ItemKind = Item['kind'];
export type Vocabulary = components['schemas']['PagesVocabulary'];
export type Promotion = components['schemas']['PagesPromotion'];
export type PromotionInput = components['schemas']['PagesPromotionInput'];
export type News = components['schemas']['PagesNews'];
export type NewsInput = components['schemas']['PagesNewsInput'];
export type Seo = components['schemas']['PagesSEO'];
export type SeoText = Seo['texts'][number];

export const pagesKeys = {
  all: ['operator', 'pages'] as const,
  rowsets: () => [...pagesKeys.all, 'rowsets'] as const,
  rowset: (id: number) => [...pagesKeys.all, 'rowset', id] as const,
  vocabulary: () => [...pagesKeys.all, 'vocabulary'] as const,
  items: (kind: ItemKind, q: string) => [...pagesKeys.all, 'items', kind, q] as const,
  promotions: () => [...pagesKeys.all, 'promotions'] as const,
  news: () => [...pagesKeys.all, 'news'] as const,
  seo: (lang: string) => [...pagesKeys.all, 'seo', lang] as const,
};

export const rowsetsQuery = () =>
  queryOptions({ queryKey: pagesKeys.rowsets(), queryFn: ({ signal }) => consoleFetch<Rowset[]>('/pages/rowsets', { signal }) });

export const rowsetQuery = (id: number) =>
  queryOptions({ queryKey: pagesKeys.rowset(id), queryFn: ({ signal }) => consoleFetch<Rowset>(`/pages/rowsets/${id}`, { signal }) });

export const vocabularyQuery = () =>
  queryOptions({
    queryKey: pagesKeys.vocabulary(),
    queryFn: ({ signal }) => consoleFetch<Vocabulary>('/pages/vocabulary', { signal }),
    staleTime: Infinity,
  });

export const itemsQuery = (kind: ItemKind, q: string) =>
  queryOptions({
    queryKey: pagesKeys.items(kind, q),
    queryFn: ({ signal }) => consoleFetch<Item[]>('/pages/items', { query: { kind, q }, signal }),
  });

export const promotionsQuery = () =>
  queryOptions({ queryKey: pagesKeys.promotions(), queryFn: ({ signal }) => consoleFetch<Promotion[]>('/pages/promotions', { signal }) });

export const newsQuery = () =>
  queryOptions({ queryKey: pagesKeys.news(), queryFn: ({ signal }) => consoleFetch<News[]>('/pages/news', { query: { limit: 100 }, signal }) });

export const seoQuery = (lang: string) =>
  queryOptions({ queryKey: pagesKeys.seo(lang), queryFn: ({ signal }) => consoleFetch<Seo>('/pages/seo', { query: { lang }, signal }) });

export const saveRowOrder = (id: number, rowIds: number[]) =>
  consoleFetch<Rowset>(`/pages/rowsets/${id}`, { method: 'PATCH', body: { row_ids: rowIds } });

export const patchRowsetText = (id: number, body: { title: string; description: string }) =>
  consoleFetch<Rowset>(`/pages/rowsets/${id}`, { method: 'PATCH', body });

export const saveMenu = (rowsetIds: number[]) => consoleFetch<Rowset[]>('/pages/menu', { method: 'PATCH', body: { rowset_ids: rowsetIds } });

export const createRow = (rowsetId: number, body: RowInput) =>
  consoleFetch<Row>(`/pages/rowsets/${rowsetId}/rows`, { method: 'POST', body });

export const patchRow = (id: number, body: RowInput) => consoleFetch<Row>(`/pages/rows/${id}`, { method: 'PATCH', body });
export const deleteRow = (id: number) => consoleFetch<void>(`/pages/rows/${id}`, { method: 'DELETE' });

export const createPromotion = (body: PromotionInput) => consoleFetch<Promotion>('/pages/promotions', { method: 'POST', body });
export const patchPromotion = (id: number, body: PromotionInput) =>
  consoleFetch<Promotion>(`/pages/promotions/${id}`, { method: 'PATCH', body });
export const deletePromotion = (id: number) => consoleFetch<void>(`/pages/promotions/${id}`, { method: 'DELETE' });

export const createNews = (body: NewsInput) => consoleFetch<News>('/pages/news', { method: 'POST', body });
export const patchNews = (id: number, body: NewsInput) => consoleFetch<News>(`/pages/news/${id}`, { method: 'PATCH', body });
export const deleteNews = (id: number) => consoleFetch<void>(`/pages/news/${id}`, { method: 'DELETE' });

export const saveSeo = (lang: string, texts: { page_type: string; text_type: SeoText['text_type']; value: string }[]) =>
  consoleFetch<Seo>('/pages/seo', { method: 'PATCH', body: { lang, texts } });

/** Moves the element at `from` to `to` (both indexes of `list`). */
export function moved<T>(list: readonly T[], from: number, to: number): T[] {
  const out = [...list];
  if (from < 0 || from >= out.length || to < 0 || to >= out.length) return out;
  const [x] = out.splice(from, 1);
  out.splice(to, 0, x!);
  return out;
}

/** Whether a rowset is the viewer's home page. */
export const isHome = (rs: Pick<Rowset, 'slug' | 'template'>) => rs.template === 'startpage' && rs.slug === 'startpage';

/** The largest picture the server takes (5 MB). */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

/** A file's bytes in base64 (what a picture upload carries). */
export function fileToBase64(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const url = String(reader.result);
      resolve(url.slice(url.indexOf(',') + 1));
    };
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });
}

export const uploadPromotionImage = async (id: number, file: Blob) =>
  consoleFetch<Promotion>(`/pages/promotions/${id}/image`, { method: 'POST', body: { data: await fileToBase64(file) } });

export const dropPromotionImage = (id: number) => consoleFetch<Promotion>(`/pages/promotions/${id}/image`, { method: 'DELETE' });
