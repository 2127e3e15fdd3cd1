import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApi } from '@/shared/api';
import { sessionStore } from '@/shared/session';
import { clearCookiesAndStorage, fakeServer } from '../../../test/fakeServer';
import { renderWithModals } from '../../payments/testHarness';
import type { ScheduleEntry } from '../types';
import { RecommendedEpisodes } from './RecommendedEpisodes';

vi.setConfig({ testTimeout: 20_000 });

const entry = (o: Partial<ScheduleEntry>) => ({ id: 1, title: 'On air', parent_id: null, content_id: null, ...o }) as unknown as ScheduleEntry;

beforeEach(() => {
  clearCookiesAndStorage();
  configureApi({ getToken: () => sessionStore.get().token, getLanguage: () => 'en' });
});
afterEach(cleanup);

describe('recommended episodes', () => {
  it("lists the series' other episodes for an episode on air, linking to their pages", async () => {
    const server = fakeServer({
      'GET /v2/contents/50/episodes': () => ({
        body: [
          { id: 51, slug: 'ep-1-51', title: 'Episode 1' },
          { id: 52, slug: 'ep-2-52', title: 'Episode 2' },
        ],
      }),
    });
    renderWithModals(<RecommendedEpisodes entry={entry({ parent_id: 50, content_id: 52 })} />);
    const link = await screen.findByRole('link', { name: 'Episode 1' });
    expect(link.getAttribute('href')).toBe('/contents/ep-1-51');
    expect(screen.queryByRole('link', { name: 'Episode 2' })).toBeNull(); // the one on air
    expect(screen.getByRole('heading', { name: 'Recommended' })).toBeTruthy();
    expect(server.calls.map((c) => c.path)).toEqual(['/v2/contents/50/episodes']);
  });

  it('lists titles like a linked film, and nothing for a programme the catalogue does not know', async () => {
    const server = fakeServer({ 'GET /v2/contents/7/similar': () => ({ body: [{ id: 8, slug: 'other-8', title: 'Other film' }] }) });
    const { unmount } = renderWithModals(<RecommendedEpisodes entry={entry({ content_id: 7 })} />);
    expect((await screen.findByRole('link', { name: 'Other film' })).getAttribute('href')).toBe('/contents/other-8');
    unmount();
    renderWithModals(<RecommendedEpisodes entry={entry({})} />);
    expect(screen.queryByRole('heading', { name: 'Recommended' })).toBeNull();
    expect(server.calls).toHaveLength(1);
  });
});
