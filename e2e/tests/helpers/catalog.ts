import { expect, type Page } from '@playwright/test';

// Catalogue look-ups shared by the journeys.

interface Suggestion {
  kind: string;
  slug: string;
  text: string;
  content_type?: string;
}

/** The slug of the demo content titled `title` of `type` (movie, series), found by the suggestions. */
export async function contentSlug(page: Page, title: string, type: string): Promise<string> {
  const res = await page.request.get(`/v2/search/suggest?text=${encodeURIComponent(title)}`);
  expect(res.ok()).toBeTruthy();
  const hit = ((await res.json()) as Suggestion[]).find((s) => s.kind === 'content' && s.text === title && s.content_type === type);
  expect(hit, `${title} among the suggestions`).toBeTruthy();
  return hit!.slug;
}
