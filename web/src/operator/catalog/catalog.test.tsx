import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer } from '../../test/fakeServer';
import { queryOf, renderConsole, sessionFixture, where } from '../test/harness';
import type { ConsoleContent, ContentRow, ImportReport } from './api';

vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const editor = () => ({ body: sessionFixture({ staff: { role: 'content' } }) });

const row = (o: Partial<ContentRow> = {}): ContentRow => ({
  id: 5,
  type: 'movie',
  title: 'Квасной путь',
  original_title: 'Kvass Road',
  year: 2024,
  age: 12,
  status: 'published',
  library_id: 2,
  parent_id: null,
  season: 0,
  episode: 0,
  poster: '/v2/artwork/poster/5.jpg',
  has_source: true,
  updated_at: 1_800_000_000,
  ...o,
});

const content = (o: Partial<ConsoleContent> = {}): ConsoleContent => ({
  id: 5,
  type: 'movie',
  parent_id: null,
  library_id: 2,
  title: 'Квасной путь',
  original_title: '',
  description: 'Дорожное кино.',
  year: 2024,
  age: 0,
  duration: 5400,
  season: 0,
  episode: 0,
  status: 'published',
  source: 'https://cdn.example.net/kvas/master.m3u8',
  countries: [],
  genre_ids: [],
  persons: [],
  trailers: [],
  slug: 'kvasnoy-put',
  poster_url: '',
  cover_url: '',
  poster: '/v2/artwork/poster/5.jpg',
  cover: '/v2/artwork/cover/5.jpg',
  children: [],
  created_at: 1_800_000_000,
  updated_at: 1_800_000_000,
  ...o,
});

const library = { id: 2, slug: 'kino', name: 'Кино', description: '', is_free: false, sort: 0, contents: 1, packets: [{ id: 1, name: 'Базовый' }] };
const genre = { id: 3, slug: 'drama', name: 'Драма', name_en: 'Drama', sort: 0, contents: 4 };

describe('catalogue', () => {
  it('lists contents, searches by title and filters by type', async () => {
    const server = fakeServer({
      'GET /v2/operator/me': editor,
      'GET /v2/operator/catalog/contents': () => ({ body: { items: [row()], total: 1 } }),
      'GET /v2/operator/catalog/libraries': () => ({ body: [library] }),
    });
    const user = userEvent.setup();
    renderConsole('/operator/catalog');
    const table = await screen.findByRole('table', { name: 'Contents' });
    const film = within(table).getByRole('row', { name: /Квасной путь/ });
    expect(within(film).getByText('Кино')).toBeTruthy();
    expect(within(film).getByText('Published')).toBeTruthy();
    expect(within(film).getByRole('link', { name: 'Квасной путь' }).getAttribute('href')).toBe('/operator/catalog/contents/5');
    expect(screen.getByRole('status').textContent).toBe('1 content');

    await user.type(screen.getByRole('searchbox', { name: 'Search by title or ID' }), 'квас');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(where().search).toBe('?q=%D0%BA%D0%B2%D0%B0%D1%81'));
    await user.selectOptions(screen.getByLabelText('Type'), 'Series');
    await waitFor(() => expect(queryOf(server.fetchMock, '/v2/operator/catalog/contents', 2).get('type')).toBe('series'));
    const last = queryOf(server.fetchMock, '/v2/operator/catalog/contents', 2);
    expect(last.get('q')).toBe('квас');
    expect(last.get('limit')).toBe('25');
    // The menu has the section for a content editor.
    expect(screen.getByRole('link', { name: 'Catalogue' })).toBeTruthy();
  });

  it('creates a film with a poster and a video address', async () => {
    const created = content({ poster_url: '', genre_ids: [3] });
    const withPoster = content({ poster_url: '/v2/catalog_images/9-0123456789abcdef.png', poster: '/v2/catalog_images/9-0123456789abcdef.png', genre_ids: [3] });
    const server = fakeServer({
      'GET /v2/operator/me': editor,
      'GET /v2/operator/catalog/contents': () => ({ body: { items: [], total: 0 } }),
      'GET /v2/operator/catalog/libraries': () => ({ body: [library] }),
      'GET /v2/operator/catalog/genres': () => ({ body: [genre] }),
      'GET /v2/operator/catalog/assets': () => ({ body: { local: ['demo-film'] } }),
      'POST /v2/operator/catalog/contents': () => ({ status: 201, body: created }),
      'POST /v2/operator/catalog/contents/5/artwork/poster': () => ({ body: withPoster }),
      'GET /v2/operator/catalog/contents/5': () => ({ body: withPoster }),
    });
    const user = userEvent.setup();
    renderConsole('/operator/catalog');
    await user.click(await screen.findByRole('link', { name: 'New film' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'New film' })).toBeTruthy();

    // The title is required.
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('Fill in this field')).toBeTruthy();

    await user.type(screen.getByLabelText('Title'), 'Квасной путь');
    await user.click(screen.getByLabelText('Description'));
    await user.paste('Дорожное кино.');
    await user.type(screen.getByLabelText('Year'), '2024');
    await user.type(screen.getByLabelText('Duration, minutes'), '90');
    await user.selectOptions(screen.getByLabelText('Library'), 'Кино');
    await user.click(await screen.findByRole('checkbox', { name: 'Драма' }));
    await user.type(screen.getByLabelText('Countries'), 'ru, kz');
    await user.click(screen.getByLabelText('Video address'));
    await user.paste('https://cdn.example.net/kvas/master.m3u8');
    const png = new File([new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10])], 'poster.png', { type: 'image/png' });
    await user.upload(screen.getByLabelText('Poster'), png);
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Квасной путь' })).toBeTruthy();
    expect(where().pathname).toBe('/catalog/contents/5');
    expect(await screen.findByText('Created. You can now add more details.')).toBeTruthy();
    const post = server.calls.find((c) => c.method === 'POST' && c.path === '/v2/operator/catalog/contents')!;
    expect(post.body).toMatchObject({
      type: 'movie',
      title: 'Квасной путь',
      description: 'Дорожное кино.',
      year: 2024,
      duration: 5400,
      library_id: 2,
      genre_ids: [3],
      countries: ['RU', 'KZ'],
      source: 'https://cdn.example.net/kvas/master.m3u8',
      status: 'published',
    });
    expect(post.headers['X-CSRF-Token']).toBe('csrf-1');
    const upload = server.calls.find((c) => c.path === '/v2/operator/catalog/contents/5/artwork/poster')!;
    expect(upload.body).toEqual({ data: 'iVBORw0KGgo=' });
    expect((screen.getByRole('img', { name: 'Current poster' }) as HTMLImageElement).getAttribute('src')).toBe(withPoster.poster);
    expect(screen.getByRole('button', { name: 'Use the generated poster' })).toBeTruthy();
  });

  it("shows a series' seasons with the way to add one, and edits it", async () => {
    const series = content({
      id: 8,
      type: 'series',
      title: 'Тихая гавань',
      source: '',
      children: [row({ id: 9, type: 'season', title: 'Сезон 1', season: 1, parent_id: 8, has_source: false })],
    });
    const server = fakeServer({
      'GET /v2/operator/me': editor,
      'GET /v2/operator/catalog/libraries': () => ({ body: [] }),
      'GET /v2/operator/catalog/genres': () => ({ body: [] }),
      'GET /v2/operator/catalog/assets': () => ({ body: { local: [] } }),
      'GET /v2/operator/catalog/contents/8': () => ({ body: series }),
      'PATCH /v2/operator/catalog/contents/8': (call) => ({ body: { ...series, ...(call.body as object) } }),
    });
    const user = userEvent.setup();
    renderConsole('/operator/catalog/contents/8');
    const seasons = await screen.findByRole('table', { name: 'Parts of Тихая гавань' });
    expect(within(seasons).getByRole('link', { name: 'Сезон 1' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Add a season' }).getAttribute('href')).toBe('/operator/catalog/new?type=season&parent=8');
    // A series plays nothing itself: no video address.
    expect(screen.queryByLabelText('Video address')).toBeNull();

    await user.selectOptions(screen.getByLabelText('Status'), 'Hidden');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved.')).toBeTruthy();
    const patch = server.calls.find((c) => c.method === 'PATCH')!;
    expect(patch.body).toMatchObject({ status: 'hidden', source: '', title: 'Тихая гавань' });
    expect(patch.body).not.toHaveProperty('type');

    // Deleting asks first.
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(screen.getByRole('group', { name: 'Delete Тихая гавань' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('group', { name: 'Delete Тихая гавань' })).toBeNull();
  });

  it('adds a person to the cast and a trailer, and saves them', async () => {
    const film = content({ persons: [{ person_id: 1, name: 'Анна Лоза', role: 'director' }] });
    const server = fakeServer({
      'GET /v2/operator/me': editor,
      'GET /v2/operator/catalog/libraries': () => ({ body: [] }),
      'GET /v2/operator/catalog/genres': () => ({ body: [] }),
      'GET /v2/operator/catalog/assets': () => ({ body: { local: ['demo-film'] } }),
      'GET /v2/operator/catalog/persons': () => ({ body: { items: [{ id: 7, name: 'Ирина Квасцова', original_name: 'Irina Kvastsova', bio: '', contents: 2 }], total: 1 } }),
      'GET /v2/operator/catalog/contents/5': () => ({ body: film }),
      'PATCH /v2/operator/catalog/contents/5': (call) => ({ body: { ...film, ...(call.body as object) } }),
    });
    const user = userEvent.setup();
    renderConsole('/operator/catalog/contents/5');
    const cast = await screen.findByRole('region', { name: 'Cast and crew' });
    expect(within(cast).getByRole('rowheader', { name: 'Анна Лоза' })).toBeTruthy();
    await user.type(within(cast).getByLabelText('Find a person'), 'ирина');
    await user.selectOptions(within(cast).getByLabelText('Person'), await within(cast).findByRole('option', { name: 'Ирина Квасцова (Irina Kvastsova)' }));
    await user.selectOptions(within(cast).getByLabelText('Role'), 'Actor');
    await user.click(within(cast).getByRole('button', { name: 'Add' }));
    expect(within(cast).getByRole('rowheader', { name: 'Ирина Квасцова' })).toBeTruthy();
    await user.click(within(cast).getByRole('button', { name: 'Remove Анна Лоза (Director)' }));

    const trailers = screen.getByRole('region', { name: 'Trailers' });
    await user.click(within(trailers).getByRole('button', { name: 'Add a trailer' }));
    await user.type(within(trailers).getByLabelText('Trailer title'), 'Тизер');
    await user.click(within(trailers).getByLabelText('Trailer stream address'));
    await user.paste('https://cdn.example.net/kvas/teaser.m3u8');
    await user.type(within(trailers).getByLabelText('Trailer duration, seconds'), '45');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved.')).toBeTruthy();
    const patch = server.calls.find((c) => c.method === 'PATCH')!;
    expect(patch.body).toMatchObject({
      persons: [{ person_id: 7, role: 'actor' }],
      trailers: [{ title: 'Тизер', source: 'https://cdn.example.net/kvas/teaser.m3u8', duration: 45 }],
    });
    const asked = server.calls.filter((c) => c.path === '/v2/operator/catalog/persons').map((_, i) => queryOf(server.fetchMock, '/v2/operator/catalog/persons', i).get('q'));
    expect(asked).toContain('ирина');
    // Nobody is looked up for one letter.
    expect(asked).not.toContain('и');
  });

  it('checks an import, shows the failed row and applies only a clean one', async () => {
    const failed: ImportReport = {
      applied: false,
      created: 1,
      updated: 0,
      failed: 1,
      rows: [
        { line: 2, status: 'created', title: 'Один' },
        { line: 3, status: 'failed', title: 'Два', field: 'year', reason: 'The year is from 1888 to 2100.' },
      ],
    };
    const clean: ImportReport = { applied: false, created: 2, updated: 0, failed: 0, rows: [failed.rows[0]!, { line: 3, status: 'created', title: 'Два' }] };
    const applied: ImportReport = { ...clean, applied: true, rows: clean.rows.map((r, i) => ({ ...r, id: 10 + i })) };
    const server = fakeServer({
      'GET /v2/operator/me': editor,
      'POST /v2/operator/catalog/import': [() => ({ body: failed }), () => ({ body: clean }), () => ({ body: applied })],
    });
    const user = userEvent.setup();
    renderConsole('/operator/catalog/import');
    const data = await screen.findByLabelText('File contents');
    await user.click(screen.getByRole('button', { name: 'Check' }));
    expect(screen.getByText('Paste the file or choose one first.')).toBeTruthy();

    await user.click(data);
    await user.paste('type,title,year\nmovie,Один,2020\nmovie,Два,1700\n');
    await user.click(screen.getByRole('button', { name: 'Check' }));
    const table = await screen.findByRole('table', { name: 'Rows of the import' });
    const bad = within(table).getByRole('row', { name: /Два/ });
    expect(within(bad).getByText('3')).toBeTruthy();
    expect(within(bad).getByText('year: The year is from 1888 to 2100.')).toBeTruthy();
    expect(screen.getByText(/Fix the failed rows/)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Apply' }) as HTMLButtonElement).disabled).toBe(true);

    await user.clear(data);
    await user.paste('type,title,year\nmovie,Один,2020\nmovie,Два,1970\n');
    await user.click(screen.getByRole('button', { name: 'Check' }));
    await waitFor(() => expect((screen.getByRole('button', { name: 'Apply' }) as HTMLButtonElement).disabled).toBe(false));
    expect(within(screen.getByRole('table', { name: 'Rows of the import' })).getAllByText('Will be created')).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText(/The import was applied/)).toBeTruthy();
    const calls = server.calls.filter((c) => c.path === '/v2/operator/catalog/import');
    expect(calls.map((c) => (c.body as { apply: boolean }).apply)).toEqual([false, false, true]);
    expect(calls[2]!.body).toMatchObject({ format: 'csv' });
  });

  it('adds a genre and a library, and shows which packets sell a library', async () => {
    const server = fakeServer({
      'GET /v2/operator/me': editor,
      'GET /v2/operator/catalog/genres': [() => ({ body: [] }), () => ({ body: [genre] })],
      'POST /v2/operator/catalog/genres': () => ({ status: 201, body: genre }),
      'GET /v2/operator/catalog/libraries': () => ({ body: [library] }),
    });
    const user = userEvent.setup();
    renderConsole('/operator/catalog/genres');
    const form = await screen.findByRole('region', { name: 'Add a genre' });
    await user.type(within(form).getByLabelText('Name'), 'Драма');
    await user.type(within(form).getByLabelText('Name in other languages'), 'Drama');
    await user.click(within(form).getByRole('button', { name: 'Add a genre' }));
    expect(await screen.findByRole('table', { name: 'Genres' })).toBeTruthy();
    expect(server.calls.find((c) => c.method === 'POST')!.body).toEqual({ name: 'Драма', name_en: 'Drama', sort: 0 });

    await user.click(screen.getByRole('link', { name: 'Libraries' }));
    const libs = await screen.findByRole('table', { name: 'Libraries' });
    expect(within(libs).getByRole('row', { name: /Кино/ }).textContent).toContain('Базовый');
  });

  it("edits a person with a new picture, and takes an uploaded picture away", async () => {
    const person = { id: 7, name: 'Ирина Квасцова', original_name: 'Irina Kvastsova', bio: '', contents: 2, image_url: '/v2/catalog_images/3-00112233445566ff.png' };
    const server = fakeServer({
      'GET /v2/operator/me': editor,
      'GET /v2/operator/catalog/persons': () => ({ body: { items: [person], total: 1 } }),
      'PATCH /v2/operator/catalog/persons/7': (call) => ({ body: { ...person, ...(call.body as object) } }),
      'POST /v2/operator/catalog/persons/7/picture': () => ({ body: { ...person, image_url: '/v2/catalog_images/4-aabbccddeeff0011.png' } }),
      'DELETE /v2/operator/catalog/persons/7/picture': () => ({ body: { ...person, image_url: '' } }),
    });
    const user = userEvent.setup();
    renderConsole('/operator/catalog/persons');
    await user.click(await screen.findByRole('button', { name: 'Edit Ирина Квасцова' }));
    const form = screen.getByRole('region', { name: 'Edit Ирина Квасцова' });
    expect(within(form).getByRole('img', { name: 'Picture of Ирина Квасцова' }).getAttribute('src')).toBe(person.image_url);

    await user.click(within(form).getByRole('button', { name: 'Remove the picture' }));
    await waitFor(() => expect(server.calls.some((c) => c.method === 'DELETE')).toBe(true));
    await waitFor(() => expect(within(form).queryByRole('img')).toBeNull());

    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' });
    await user.upload(within(form).getByLabelText('Picture'), big);
    expect(within(form).getByText('The file is larger than 5 MB.')).toBeTruthy();
    const png = new File([new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10])], 'face.png', { type: 'image/png' });
    await user.upload(within(form).getByLabelText('Picture'), png);
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.calls.some((c) => c.path === '/v2/operator/catalog/persons/7/picture' && c.method === 'POST')).toBe(true));
    expect(server.calls.find((c) => c.method === 'POST')!.body).toEqual({ data: 'iVBORw0KGgo=' });
    const order = server.calls.filter((c) => c.method !== 'GET').map((c) => `${c.method} ${c.path}`);
    expect(order).toEqual(['DELETE /v2/operator/catalog/persons/7/picture', 'PATCH /v2/operator/catalog/persons/7', 'POST /v2/operator/catalog/persons/7/picture']);
    expect(await screen.findByText('Ирина Квасцова was saved.')).toBeTruthy();
  });
});
