import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer } from '../../test/fakeServer';
import { renderConsole, sessionFixture, staffFixture } from '../test/harness';
import type { Item, News, Promotion, Row, Rowset } from './api';

vi.setConfig({ testTimeout: 15_000 });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const editor = () => ({ body: sessionFixture({ staff: staffFixture({ role: 'content' }) }) });

const rowset = (over: Partial<Rowset>): Rowset => ({
  id: 1,
  slug: 'startpage',
  template: 'startpage',
  title: 'Главная',
  description: '',
  url: '',
  menu_sort: 1,
  for_kids: false,
  rows_count: 0,
  ...over,
});

const row = (over: Partial<Row>): Row => ({
  id: 10,
  slug: 'novinki',
  title: 'Новинки',
  template: 'content-v',
  source: 'items',
  query: {},
  items: [],
  ...over,
});

const vocabulary = {
  templates: [
    { template: 'content-v', item_kind: 'content' },
    { template: 'promo-bg', item_kind: 'promotion' },
  ],
  sources: ['items', 'query', 'history', 'favorites', 'channels'],
  destinations: ['content', 'open_url', 'text'],
  query_keys: ['content_type', 'genre'],
};

describe('pages', () => {
  it('lists the pages with the home page and changes the header menu', async () => {
    const home = rowset({ id: 1 });
    const movies = rowset({ id: 2, slug: 'movies', template: 'contents', title: 'Фильмы', menu_sort: 2, rows_count: 5 });
    const newyear = rowset({ id: 3, slug: 'newyear', template: 'startpage', title: 'Новый год', menu_sort: 0 });
    const server = fakeServer({
      'GET /v2/operator/me': editor,
      'GET /v2/operator/pages/rowsets': () => ({ body: [home, movies, newyear] }),
      'PATCH /v2/operator/pages/menu': (call) => {
        const ids = (call.body as { rowset_ids: number[] }).rowset_ids;
        return { body: [home, movies, newyear].map((rs) => ({ ...rs, menu_sort: ids.indexOf(rs.id) + 1 })) };
      },
    });
    const user = userEvent.setup();
    renderConsole('/operator/pages');
    const table = await screen.findByRole('table', { name: 'Pages of rows' });
    expect(within(table).getByRole('link', { name: 'Home' }).getAttribute('href')).toBe('/operator/pages/rowsets/1');
    expect(within(table).getByRole('link', { name: 'Новый год' })).toBeTruthy();

    await user.click(within(table).getByRole('button', { name: 'Move Фильмы up in the menu' }));
    await waitFor(() => expect(server.calls.filter((c) => c.method === 'PATCH')).toHaveLength(1));
    expect(server.calls.find((c) => c.method === 'PATCH')!.body).toEqual({ rowset_ids: [2, 1] });
    expect(server.calls.find((c) => c.method === 'PATCH')!.headers['X-CSRF-Token']).toBe('csrf-1');
    expect(await screen.findByText('The menu is saved.')).toBeTruthy();

    await user.click(within(table).getByRole('checkbox', { name: 'Show Новый год in the menu' }));
    await waitFor(() => expect(server.calls.filter((c) => c.method === 'PATCH')).toHaveLength(2));
    expect(server.calls.filter((c) => c.method === 'PATCH')[1]!.body).toEqual({ rowset_ids: [2, 1, 3] });
  });

  it('reorders rows, adds a row and puts a found content in it', async () => {
    const first = row({ id: 10, title: 'Новинки' });
    const second = row({ id: 11, slug: 'hity', title: 'Хиты' });
    const added = row({ id: 12, slug: 'vybor', title: 'Выбор редакции', template: 'content-h' });
    const film: Item = { kind: 'content', id: 501, title: 'Сон внутри сна', info: 'movie, 2010' };
    let rows = [first, second];
    const server = fakeServer({
      'GET /v2/operator/me': editor,
      'GET /v2/operator/pages/vocabulary': () => ({ body: vocabulary }),
      'GET /v2/operator/pages/rowsets': () => ({ body: [rowset({ rows_count: rows.length })] }),
      'GET /v2/operator/pages/rowsets/1': () => ({ body: rowset({ rows, rows_count: rows.length }) }),
      'PATCH /v2/operator/pages/rowsets/1': (call) => {
        const body = call.body as { row_ids?: number[]; title?: string; description?: string };
        if (body.title !== undefined) return { body: rowset({ rows, rows_count: rows.length, title: body.title, description: body.description ?? '' }) };
        rows = body.row_ids!.map((id) => rows.find((r) => r.id === id)!);
        return { body: rowset({ rows, rows_count: rows.length }) };
      },
      'POST /v2/operator/pages/rowsets/1/rows': () => {
        rows = [...rows, added];
        return { status: 201, body: added };
      },
      'GET /v2/operator/pages/items': () => ({ body: [film] }),
      'PATCH /v2/operator/pages/rows/12': (call) => ({ body: { ...added, items: [film], ...(call.body as object) } }),
      'DELETE /v2/operator/pages/rows/12': () => {
        rows = rows.filter((r) => r.id !== 12);
        return { status: 204 };
      },
    });
    const user = userEvent.setup();
    renderConsole('/operator/pages/rowsets/1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Home' })).toBeTruthy();
    const list = screen.getByRole('list', { name: 'Rows' });
    await user.click(within(list).getByRole('button', { name: 'Move Новинки down' }));
    await waitFor(() => expect(server.calls.filter((c) => c.method === 'PATCH')).toHaveLength(1));
    expect(server.calls.find((c) => c.method === 'PATCH')!.body).toEqual({ row_ids: [11, 10] });
    expect(await screen.findByText('The order of the rows is saved.')).toBeTruthy();
    const items = within(screen.getByRole('list', { name: 'Rows' })).getAllByRole('listitem');
    expect(items[0]!.textContent).toContain('Хиты');

    const form = screen.getByRole('region', { name: 'New row' });
    await user.type(within(form).getByLabelText('Row title'), 'Выбор редакции');
    await user.selectOptions(within(form).getByLabelText('Template'), 'Posters');
    await user.click(within(form).getByRole('button', { name: 'Add row' }));
    await waitFor(() => expect(server.calls.some((c) => c.method === 'POST')).toBe(true));
    expect(server.calls.find((c) => c.method === 'POST')!.body).toEqual({ title: 'Выбор редакции', template: 'content-v', source: 'items' });

    const editorPanel = await screen.findByRole('region', { name: 'Row: Выбор редакции' });
    await user.click(within(editorPanel).getByRole('button', { name: 'Add item' }));
    await user.type(within(editorPanel).getByLabelText('Find content'), 'сон');
    await user.click(await within(editorPanel).findByRole('button', { name: 'Add Сон внутри сна' }));
    expect(within(editorPanel).getByRole('list', { name: 'Items of the row' }).textContent).toContain('Сон внутри сна');
    await user.click(within(editorPanel).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.calls.some((c) => c.method === 'PATCH' && c.path === '/v2/operator/pages/rows/12')).toBe(true));
    const saved = server.calls.find((c) => c.path === '/v2/operator/pages/rows/12')!.body as { items: unknown[]; source: string };
    expect(saved.items).toEqual([{ kind: 'content', id: 501 }]);
    expect(saved.source).toBe('items');
    expect(await screen.findByText('The row Выбор редакции is saved.')).toBeTruthy();
    const search = server.calls.filter((c) => c.path === '/v2/operator/pages/items');
    expect(search.length).toBeGreaterThan(0);

    // Deleted for good, after a question; the page's list loses it.
    await user.click(within(editorPanel).getByRole('button', { name: 'Delete the row Выбор редакции' }));
    expect(server.calls.some((c) => c.method === 'DELETE')).toBe(false);
    await user.click(within(editorPanel).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(server.calls.some((c) => c.method === 'DELETE' && c.path === '/v2/operator/pages/rows/12')).toBe(true));
    expect(await screen.findByText('The row Выбор редакции is deleted.')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Row: Выбор редакции' })).toBeNull();
    expect(within(screen.getByRole('list', { name: 'Rows' })).queryByText('Выбор редакции')).toBeNull();

    // The page's own title and description.
    const text = screen.getByRole('region', { name: 'Title and description' });
    const titleField = within(text).getByLabelText('Title for viewers');
    await user.clear(titleField);
    await user.type(titleField, 'Главная страница');
    await user.type(within(text).getByLabelText('Description for viewers'), 'Всё лучшее');
    await user.click(within(text).getByRole('button', { name: 'Save' }));
    const renamed = () => server.calls.find((c) => c.path === '/v2/operator/pages/rowsets/1' && (c.body as { title?: string } | undefined)?.title !== undefined);
    await waitFor(() => expect(renamed()).toBeTruthy());
    expect(renamed()!.body).toEqual({
      title: 'Главная страница',
      description: 'Всё лучшее',
    });
    expect(await screen.findByText('The page Главная страница is saved.')).toBeTruthy();
  });

  it('makes a banner that leads to a web address', async () => {
    const made: Promotion = {
      id: 7,
      name: 'Весь сезон',
      title: 'Весь сезон',
      short: '',
      description: '',
      image: '',
      color_bg: '',
      dest_type: 'open_url',
      dest_id: null,
      dest_url: 'https://example.com/season',
    };
    const server = fakeServer({
      'GET /v2/operator/me': editor,
      'GET /v2/operator/pages/promotions': [() => ({ body: [] }), () => ({ body: [made] })],
      'POST /v2/operator/pages/promotions': () => ({ status: 201, body: made }),
    });
    const user = userEvent.setup();
    renderConsole('/operator/pages/banners');
    await user.click(await screen.findByRole('button', { name: 'New banner' }));
    const form = screen.getByRole('region', { name: 'New banner' });
    await user.type(within(form).getByLabelText('Banner title'), 'Весь сезон');
    await user.selectOptions(within(form).getByLabelText('Leads to'), 'A web address');
    await user.type(within(form).getByLabelText('Address'), 'https://example.com/season');
    await user.click(within(form).getByRole('button', { name: 'Save the banner' }));
    await waitFor(() => expect(server.calls.some((c) => c.method === 'POST')).toBe(true));
    expect(server.calls.find((c) => c.method === 'POST')!.body).toMatchObject({
      title: 'Весь сезон',
      dest_type: 'open_url',
      dest_id: null,
      dest_url: 'https://example.com/season',
    });
    const table = await screen.findByRole('table', { name: 'Banners and buttons' });
    expect(await within(table).findByRole('rowheader', { name: /Весь сезон/ })).toBeTruthy();
    expect(within(table).getByText('Generated')).toBeTruthy();
  });

  it('points a banner at a film found by its title', async () => {
    const film: Item = { kind: 'content', id: 501, title: 'Сон внутри сна', info: 'movie, 2010' };
    const server = fakeServer({
      'GET /v2/operator/me': editor,
      'GET /v2/operator/pages/promotions': () => ({ body: [] }),
      'GET /v2/operator/pages/rowsets': () => ({ body: [rowset({})] }),
      'GET /v2/operator/pages/items': () => ({ body: [film] }),
      'POST /v2/operator/pages/promotions': (call) => ({ status: 201, body: { id: 9, ...(call.body as object) } }),
    });
    const user = userEvent.setup();
    renderConsole('/operator/pages/banners');
    await user.click(await screen.findByRole('button', { name: 'New banner' }));
    const form = screen.getByRole('region', { name: 'New banner' });
    await user.type(within(form).getByLabelText('Banner title'), 'Премьера');
    await user.click(within(form).getByRole('button', { name: 'Find it by title' }));
    await user.type(within(form).getByLabelText('Find content'), 'сон{Enter}');
    expect(server.calls.some((c) => c.method === 'POST')).toBe(false);
    await user.click(await within(form).findByRole('button', { name: 'Add Сон внутри сна' }));
    expect(within(form).getByText('Leads to Сон внутри сна.')).toBeTruthy();
    await user.click(within(form).getByRole('button', { name: 'Save the banner' }));
    await waitFor(() => expect(server.calls.some((c) => c.method === 'POST')).toBe(true));
    expect(server.calls.find((c) => c.method === 'POST')!.body).toMatchObject({ title: 'Премьера', dest_type: 'content', dest_id: 501 });
  });

  it('uploads a banner picture and goes back to the generated one', async () => {
    const banner: Promotion = {
      id: 8,
      name: 'Кино',
      title: 'Кино',
      short: '',
      description: '',
      image: '',
      color_bg: '',
      dest_type: 'text',
      dest_id: null,
      dest_url: '',
    };
    const server = fakeServer({
      'GET /v2/operator/me': editor,
      'GET /v2/operator/pages/promotions': () => ({ body: [banner] }),
      'POST /v2/operator/pages/promotions/8/image': () => ({ body: { ...banner, image: '/v2/catalog_images/5-0011223344556677.png' } }),
      'DELETE /v2/operator/pages/promotions/8/image': () => ({ body: banner }),
    });
    const user = userEvent.setup();
    renderConsole('/operator/pages/banners');
    await user.click(await screen.findByRole('button', { name: 'Edit the banner Кино' }));
    const form = screen.getByRole('region', { name: 'Banner: Кино' });
    const file = new File([new Uint8Array([137, 80, 78, 71])], 'banner.png', { type: 'image/png' });
    await user.upload(within(form).getByLabelText('Upload a picture'), file);
    await waitFor(() => expect(server.calls.some((c) => c.method === 'POST')).toBe(true));
    expect(server.calls.find((c) => c.method === 'POST')!.body).toEqual({ data: 'iVBORw==' });
    expect(await within(form).findByText('The picture is uploaded.')).toBeTruthy();
    expect((within(form).getByLabelText('Picture address') as HTMLInputElement).value).toBe('/v2/catalog_images/5-0011223344556677.png');
    await user.click(within(form).getByRole('button', { name: 'Use the generated picture' }));
    await waitFor(() => expect(server.calls.some((c) => c.method === 'DELETE')).toBe(true));
    await waitFor(() => expect((within(form).getByLabelText('Picture address') as HTMLInputElement).value).toBe(''));
  });

  it('writes, hides and deletes news', async () => {
    const item: News = { id: 3, slug: 'novyy-kanal-3', title: 'Новый канал', lead: '', body: '', image: '', published_at: 1_700_000_000, hidden: false };
    const server = fakeServer({
      'GET /v2/operator/me': editor,
      'GET /v2/operator/pages/news': () => ({ body: [item] }),
      'POST /v2/operator/pages/news': (call) => ({ status: 201, body: { ...item, id: 4, ...(call.body as object) } }),
      'PATCH /v2/operator/pages/news/3': (call) => ({ body: { ...item, ...(call.body as object) } }),
      'DELETE /v2/operator/pages/news/3': () => ({ status: 204 }),
    });
    const user = userEvent.setup();
    renderConsole('/operator/pages/news');
    const table = await screen.findByRole('table', { name: 'News items' });
    expect(within(table).getByText('Published')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'New item' }));
    const form = screen.getByRole('region', { name: 'New item' });
    await user.type(within(form).getByLabelText('Headline'), 'Скоро в эфире');
    await user.type(within(form).getByLabelText('Lead'), 'Анонс');
    await user.click(within(form).getByRole('button', { name: 'Save the item' }));
    await waitFor(() => expect(server.calls.some((c) => c.method === 'POST')).toBe(true));
    const body = server.calls.find((c) => c.method === 'POST')!.body as { title: string; lead: string; hidden: boolean; published_at: number };
    expect(body).toMatchObject({ title: 'Скоро в эфире', lead: 'Анонс', hidden: false });
    expect(body.published_at).toBeGreaterThan(1_700_000_000);

    await user.click(within(table).getByRole('button', { name: 'Hide Новый канал' }));
    await waitFor(() => expect(server.calls.some((c) => c.method === 'PATCH')).toBe(true));
    expect(server.calls.find((c) => c.method === 'PATCH')!.body).toEqual({ hidden: true });

    await user.click(within(table).getByRole('button', { name: 'Delete the item Новый канал' }));
    const confirm = screen.getByRole('group', { name: 'Delete the item Новый канал' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(server.calls.some((c) => c.method === 'DELETE')).toBe(true));
  });

  it('saves only the SEO texts that changed', async () => {
    const texts = [
      { page_type: '/contents/*', text_type: 'title' as const, value: '', builtin: '{name} — watch online on %s' },
      { page_type: '/contents/*', text_type: 'description' as const, value: 'Own', builtin: 'Built in' },
    ];
    const server = fakeServer({
      'GET /v2/operator/me': editor,
      'GET /v2/operator/pages/seo': () => ({ body: { lang: 'ru', languages: ['ru', 'en'], texts } }),
      'PATCH /v2/operator/pages/seo': () => ({ body: { lang: 'ru', languages: ['ru', 'en'], texts } }),
    });
    const user = userEvent.setup();
    renderConsole('/operator/pages/seo');
    const field = await screen.findByRole('textbox', { name: 'Title of /contents/*' });
    expect(field.getAttribute('placeholder')).toBe('{name} — watch online on %s');
    await user.type(field, 'Смотреть {{name}');
    await user.click(screen.getByRole('button', { name: 'Save the texts' }));
    await waitFor(() => expect(server.calls.some((c) => c.method === 'PATCH')).toBe(true));
    expect(server.calls.find((c) => c.method === 'PATCH')!.body).toEqual({
      lang: 'ru',
      texts: [{ page_type: '/contents/*', text_type: 'title', value: 'Смотреть {name}' }],
    });
    expect(await screen.findByText('The SEO texts are saved.')).toBeTruthy();
  });

  it('is closed to roles without catalog.write', async () => {
    fakeServer({ 'GET /v2/operator/me': () => ({ body: sessionFixture({ staff: staffFixture({ role: 'support' }) }) }) });
    renderConsole('/operator/pages');
    expect(await screen.findByRole('heading', { level: 1 })).toBeTruthy();
    expect(screen.queryByRole('table', { name: 'Pages of rows' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Home page and pages' })).toBeNull();
  });
});
