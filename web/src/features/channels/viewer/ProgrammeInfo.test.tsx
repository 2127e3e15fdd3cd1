import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApi } from '@/shared/api';
import { sessionStore } from '@/shared/session';
import { clearCookiesAndStorage, fakeServer } from '../../../test/fakeServer';
import { renderWithModals } from '../../payments/testHarness';
import type { Channel, ScheduleEntry } from '../types';
import { ProgrammeInfo } from './ProgrammeInfo';

vi.setConfig({ testTimeout: 20_000 });

const channel = { id: 7, name: 'Kino HD', slug: 'kino-hd' } as Channel;
const entry = { id: 1, title: 'Evening', program: 42, timestamp: 0, duration: 3600, categories: [] } as unknown as ScheduleEntry;

beforeEach(() => {
  clearCookiesAndStorage();
  configureApi({ getToken: () => sessionStore.get().token, getLanguage: () => 'en' });
  fakeServer({
    'GET /v2/programs/42': () => ({
      body: {
        id: 42,
        title: 'Evening',
        description: '',
        genres: ['Drama', 'Talk show', 'Comedy'],
        genre_rows: [
          { name: 'Drama', row_slug: 'drama-row' },
          { name: 'Comedy', row_slug: '' },
        ],
        countries: [],
        year: 0,
        age: 0,
        image: '',
        content_id: null,
      },
    }),
    'GET /v2/users/self/favorites': () => ({ body: [] }),
  });
});
afterEach(cleanup);

describe('the programme tags', () => {
  it("link a guide genre to the row of the operator's genre, and leave the others as text", async () => {
    renderWithModals(<ProgrammeInfo channel={channel} entry={entry} category={undefined} live scheduleShown={false} onToggleSchedule={() => {}} />);
    const drama = await screen.findByRole('link', { name: 'Drama' });
    expect(drama.getAttribute('href')).toBe('/row/drama-row');
    const tags = drama.closest('ul')!;
    expect(within(tags).queryByRole('link', { name: 'Comedy' })).toBeNull();
    expect(within(tags).getByText('Comedy')).toBeTruthy();
    expect(within(tags).queryByRole('link', { name: 'Talk show' })).toBeNull();
  });
});

describe('the share button', () => {
  afterEach(() => window.history.replaceState(null, '', '/'));

  it('is offered in a browser', async () => {
    renderWithModals(<ProgrammeInfo channel={channel} entry={entry} category={undefined} live scheduleShown={false} onToggleSchedule={() => {}} />);
    expect(await screen.findByRole('button', { name: 'Share' })).toBeTruthy();
  });

  it('is hidden inside an app webview (spec "Channel viewer")', async () => {
    window.history.replaceState(null, '', '/channels/all/kino-hd?webview=1');
    renderWithModals(<ProgrammeInfo channel={channel} entry={entry} category={undefined} live scheduleShown={false} onToggleSchedule={() => {}} />);
    await screen.findByRole('button', { name: 'Back' });
    expect(screen.queryByRole('button', { name: 'Share' })).toBeNull();
  });
});
