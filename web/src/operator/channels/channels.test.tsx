import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer } from '../../test/fakeServer';
import { renderConsole, sessionFixture } from '../test/harness';
import type { Channel, GuideSource, Lineup, M3UPreview } from './api';
import { moved, movedTo } from './api';

vi.setConfig({ testTimeout: 15_000 });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const me = () => ({ body: sessionFixture({ staff: { role: 'content' } }) });

function channel(id: number, name: string, extra: Partial<Channel> = {}): Channel {
  return {
    id,
    slug: name.toLowerCase(),
    name,
    description: '',
    number: id,
    age: 0,
    is_hidden: false,
    source_type: 'hls',
    source_url: `https://cdn.example/${id}/index.m3u8`,
    catchup_template: '',
    archived_days: 0,
    epg_id: '',
    logo_url: `/v2/channels/${id}/logo.svg`,
    has_logo: false,
    categories: [32],
    sources: [],
    ...extra,
  };
}

const lineup = (channels: Channel[]): Lineup => ({
  channels,
  categories: [
    { id: 32, slug: 'all', name: 'All channels', sort: 1, channels: channels.length },
    { id: 2001, slug: 'local-2001', name: 'Local', sort: 2, channels: 0 },
  ],
});

const three = [channel(1, 'Alpha'), channel(2, 'Bravo'), channel(3, 'Charlie')];

describe('order helpers', () => {
  it('moves an id by a step and to a place', () => {
    expect(moved([1, 2, 3], 1, 1)).toEqual([2, 1, 3]);
    expect(moved([1, 2, 3], 1, -1)).toEqual([1, 2, 3]);
    expect(moved([1, 2, 3], 3, -1)).toEqual([1, 3, 2]);
    expect(movedTo([1, 2, 3], 3, 0)).toEqual([3, 1, 2]);
  });
});

describe('line-up', () => {
  it('moves channels with the buttons and by dragging, and hides one', async () => {
    const server = fakeServer({
      'GET /v2/operator/me': me,
      'GET /v2/operator/lineup': () => ({ body: lineup(three) }),
      'POST /v2/operator/lineup/order': (call) => {
        const ids = (call.body as { ids: number[] }).ids;
        return { body: lineup(ids.map((id, i) => ({ ...three.find((c) => c.id === id)!, number: i + 1 }))) };
      },
      'PATCH /v2/operator/channels/2': (call) => ({ body: { ...three[1], ...(call.body as object) } }),
    });
    const user = userEvent.setup();
    renderConsole('/operator/channels');
    const table = await screen.findByRole('table', { name: "Line-up in viewers' order" });
    expect(within(table).getAllByRole('rowheader').map((r) => r.textContent)).toEqual(['Alpha', 'Bravo', 'Charlie']);
    expect(within(table).getByRole('button', { name: 'Move Alpha up' })).toHaveProperty('disabled', true);

    // keyboard alternative
    within(table).getByRole('button', { name: 'Move Alpha down' }).focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(server.calls.filter((c) => c.path === '/v2/operator/lineup/order')).toHaveLength(1));
    expect(server.calls.find((c) => c.path === '/v2/operator/lineup/order')!.body).toEqual({ ids: [2, 1, 3] });
    expect(server.calls.find((c) => c.path === '/v2/operator/lineup/order')!.headers['X-CSRF-Token']).toBe('csrf-1');
    await waitFor(() => expect(within(table).getAllByRole('rowheader').map((r) => r.textContent)).toEqual(['Bravo', 'Alpha', 'Charlie']));
    expect(screen.getAllByRole('status').some((s) => s.textContent === 'Alpha moved to position 2')).toBe(true);

    // drag Charlie onto the first row
    const rows = within(table).getAllByRole('row').slice(1);
    fireEvent.dragStart(rows[2]!);
    fireEvent.dragOver(rows[0]!);
    fireEvent.drop(rows[0]!);
    await waitFor(() => expect(server.calls.filter((c) => c.path === '/v2/operator/lineup/order')).toHaveLength(2));
    expect(server.calls.filter((c) => c.path === '/v2/operator/lineup/order')[1]!.body).toEqual({ ids: [3, 2, 1] });

    // hide
    await user.click(within(table).getByRole('button', { name: 'Hide Bravo from viewers' }));
    await waitFor(() => expect(server.calls.some((c) => c.method === 'PATCH')).toBe(true));
    expect(server.calls.find((c) => c.method === 'PATCH')!.body).toEqual({ is_hidden: true });
    expect(await screen.findByText('Bravo is hidden from viewers')).toBeTruthy();
  });

  it('adds a channel', async () => {
    const server = fakeServer({
      'GET /v2/operator/me': me,
      'GET /v2/operator/lineup': () => ({ body: lineup(three) }),
      'POST /v2/operator/channels': () => ({ status: 201, body: channel(4, 'Delta') }),
    });
    const user = userEvent.setup();
    renderConsole('/operator/channels');
    const form = await screen.findByRole('region', { name: 'Add a channel' });
    await user.click(within(form).getByRole('button', { name: 'Add channel' }));
    expect(within(form).getByText('Fill in the name')).toBeTruthy();
    await user.type(within(form).getByLabelText('Name'), 'Delta');
    await user.type(within(form).getByLabelText('Stream address'), 'https://cdn.example/4/index.m3u8');
    await user.click(within(form).getByRole('button', { name: 'Add channel' }));
    await waitFor(() => expect(server.calls.some((c) => c.method === 'POST' && c.path === '/v2/operator/channels')).toBe(true));
    expect(server.calls.find((c) => c.path === '/v2/operator/channels')!.body).toEqual({
      name: 'Delta',
      source_type: 'hls',
      source_url: 'https://cdn.example/4/index.m3u8',
    });
    expect(await screen.findByText('Delta was added at the end of the line-up')).toBeTruthy();
  });
});

describe('channel editor', () => {
  it('saves the fields and uploads a logo', async () => {
    const withSources = channel(2, 'Bravo', {
      sources: [
        { url: 'https://cdn.example/2/index.m3u8', playable: true, problem: '' },
        { url: 'https://backup.example/2/index.m3u8', playable: true, problem: '' },
        { url: 'https://cdn.example/2/manifest.mpd', playable: false, problem: 'dash' },
      ],
    });
    const server = fakeServer({
      'GET /v2/operator/me': me,
      'GET /v2/operator/lineup': () => ({ body: lineup([three[0]!, withSources, three[2]!]) }),
      'GET /v2/operator/channels/2/blackouts': () => ({ body: [] }),
      'PATCH /v2/operator/channels/2': (call) => ({ body: { ...withSources, ...(call.body as object) } }),
      'POST /v2/operator/channels/2/logo': () => ({ body: { ...withSources, has_logo: true, logo_url: '/v2/channels/2/logo?v=abc' } }),
    });
    const user = userEvent.setup();
    renderConsole('/operator/channels/2');
    expect(await screen.findByRole('heading', { level: 1, name: 'Channel Bravo' })).toBeTruthy();
    const name = screen.getByLabelText('Name');
    await user.clear(name);
    await user.type(name, 'Bravo HD');
    await user.selectOptions(screen.getByLabelText('Age rating'), '16+');
    await user.click(screen.getByRole('checkbox', { name: 'Local' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.calls.some((c) => c.method === 'PATCH')).toBe(true));
    expect(server.calls.find((c) => c.method === 'PATCH')!.body).toMatchObject({ name: 'Bravo HD', age: 16, categories: [32, 2001] });
    expect(await screen.findByText('Bravo HD is saved; viewers see the change within a minute')).toBeTruthy();

    // the DASH alternative is never given to viewers; a playable one can be
    expect(screen.getByText('Not playable: DASH (.mpd)')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Give https://cdn.example/2/manifest.mpd to viewers' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Give https://backup.example/2/index.m3u8 to viewers' }));
    await waitFor(() => expect(server.calls.filter((c) => c.method === 'PATCH')).toHaveLength(2));
    expect(server.calls.filter((c) => c.method === 'PATCH')[1]!.body).toEqual({ source_type: 'hls', source_url: 'https://backup.example/2/index.m3u8' });

    const png = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])], 'logo.png', { type: 'image/png' });
    await user.upload(screen.getByLabelText('Logo file'), png);
    await user.click(screen.getByRole('button', { name: 'Upload logo' }));
    await waitFor(() => expect(server.calls.some((c) => c.path === '/v2/operator/channels/2/logo')).toBe(true));
    expect(server.calls.find((c) => c.path === '/v2/operator/channels/2/logo')!.body).toEqual({ content_type: 'image/png', data: 'iVBORw0KGgo=' });
    expect(await screen.findByText('The logo is uploaded; viewers see it within a minute')).toBeTruthy();
  });
});

describe('categories', () => {
  it('adds, renames and moves categories', async () => {
    const server = fakeServer({
      'GET /v2/operator/me': me,
      'GET /v2/operator/lineup': () => ({ body: lineup(three) }),
      'POST /v2/operator/channel_categories': () => ({ status: 201, body: { id: 2002, slug: 'news-2002', name: 'News', sort: 3, channels: 0 } }),
      'PATCH /v2/operator/channel_categories/2001': () => ({ body: { id: 2001, slug: 'local-2001', name: 'Regional', sort: 2, channels: 0 } }),
      'POST /v2/operator/lineup/category_order': () => ({ body: lineup(three) }),
    });
    const user = userEvent.setup();
    renderConsole('/operator/channels/categories');
    await user.type(await screen.findByLabelText('Category name'), 'News');
    await user.click(screen.getByRole('button', { name: 'Add category' }));
    expect(await screen.findByText('Category News is added')).toBeTruthy();
    expect(server.calls.find((c) => c.path === '/v2/operator/channel_categories')!.body).toEqual({ name: 'News' });

    const rename = screen.getByLabelText('New name of Local');
    await user.clear(rename);
    await user.type(rename, 'Regional');
    await user.click(screen.getByRole('button', { name: 'Save the name of Local' }));
    expect(await screen.findByText('Category Regional is saved')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Move Local up' }));
    await waitFor(() => expect(server.calls.some((c) => c.path === '/v2/operator/lineup/category_order')).toBe(true));
    expect(server.calls.find((c) => c.path === '/v2/operator/lineup/category_order')!.body).toEqual({ ids: [2001, 32] });
  });
});

describe('guide sources', () => {
  const source: GuideSource = {
    id: 7,
    url: 'https://epg.example/guide.xml.gz',
    every_hours: 12,
    enabled: true,
    status: 'ok',
    error: '',
    last_fetch_at: '2026-03-01T10:00:00Z',
    next_fetch_at: '2026-03-01T22:00:00Z',
    report: {
      guide_channels: 3,
      matched: 1,
      channels_filled: 1,
      programmes: 120,
      programs_created: 40,
      skipped: 2,
      skipped_by: { missing_stop: 1, bad_time: 1 },
      problems: [
        { line: 8, reason: 'missing_stop', detail: 'efir.one Вечер' },
        { line: 9, reason: 'bad_time', detail: 'start "garbage"' },
      ],
      unmatched: [{ guide_id: 'kino.x', name: 'Charlie HD', programmes: 2, suggestion: null }],
    },
  };

  it('adds a source, fetches it now, shows the bad entries and confirms a match', async () => {
    let mapped = false;
    const server = fakeServer({
      'GET /v2/operator/me': me,
      'GET /v2/operator/lineup': () => ({ body: lineup(three) }),
      'GET /v2/operator/guide_sources': [() => ({ body: [] }), () => ({ body: [source] })],
      'POST /v2/operator/guide_sources': () => ({ status: 201, body: { ...source, status: '', report: null, last_fetch_at: null } }),
      'POST /v2/operator/guide_sources/7/fetch': () => ({ body: source }),
      'GET /v2/operator/guide_sources/7/unmatched': () => ({
        body: mapped ? [] : [{ guide_id: 'kino.x', name: 'Charlie HD', programmes: 2, suggestion: { channel_id: 3, name: 'Charlie' } }],
      }),
      'POST /v2/operator/guide_sources/7/mappings': () => {
        mapped = true;
        return { body: channel(3, 'Charlie', { epg_id: 'kino.x' }) };
      },
    });
    const user = userEvent.setup();
    renderConsole('/operator/channels/guide');
    const form = await screen.findByRole('region', { name: 'Add guide source' });
    await user.type(within(form).getByLabelText('Address'), 'https://epg.example/guide.xml.gz');
    await user.click(within(form).getByRole('button', { name: 'Add guide source' }));
    await waitFor(() => expect(server.calls.some((c) => c.method === 'POST' && c.path === '/v2/operator/guide_sources')).toBe(true));
    expect(server.calls.find((c) => c.method === 'POST' && c.path === '/v2/operator/guide_sources')!.body).toEqual({
      url: 'https://epg.example/guide.xml.gz',
      every_hours: 12,
    });

    const panel = await screen.findByRole('region', { name: 'https://epg.example/guide.xml.gz' });
    await user.click(within(panel).getByRole('button', { name: 'Fetch now' }));
    await waitFor(() => expect(server.calls.some((c) => c.path === '/v2/operator/guide_sources/7/fetch')).toBe(true));
    expect(await screen.findByText('The guide from https://epg.example/guide.xml.gz is imported')).toBeTruthy();

    const bad = within(panel).getByRole('table', { name: 'Bad entries by line' });
    expect(within(bad).getByRole('row', { name: /8 No stop and no later programme/ })).toBeTruthy();
    expect(within(bad).getByRole('row', { name: /9 A time that cannot be read/ })).toBeTruthy();

    const unmatched = await within(panel).findByRole('table', { name: 'Guide channels without a line-up channel' });
    const select = within(unmatched).getByLabelText('Line-up channel for Charlie HD') as HTMLSelectElement;
    expect(select.value).toBe('3');
    await user.click(within(unmatched).getByRole('button', { name: 'Confirm the match of Charlie HD' }));
    await waitFor(() => expect(server.calls.some((c) => c.path === '/v2/operator/guide_sources/7/mappings')).toBe(true));
    expect(server.calls.find((c) => c.path === '/v2/operator/guide_sources/7/mappings')!.body).toEqual({ guide_id: 'kino.x', channel_id: 3 });
    expect(await screen.findByText('Charlie HD is matched to Charlie; the next fetch fills its guide')).toBeTruthy();
    expect(await within(panel).findByText('Every guide channel now has a line-up channel.')).toBeTruthy();
  });
});

describe('M3U import', () => {
  const preview: M3UPreview = {
    entries: 4,
    add: 1,
    update: 1,
    problems_total: 2,
    guide_url: '',
    channels: [
      {
        line: 2,
        name: 'News One',
        epg_id: 'news.one',
        action: 'add',
        channel_id: null,
        groups: ['News'],
        logo: '',
        playable: true,
        sources: [
          { line: 2, url: 'http://cdn1.example/n1.m3u8', playable: true, problem: '' },
          { line: 4, url: 'http://cdn3.example/n1.mpd', playable: false, problem: 'dash' },
        ],
      },
      {
        line: 6,
        name: 'Alpha',
        epg_id: '',
        action: 'update',
        channel_id: 1,
        groups: [],
        logo: '',
        playable: true,
        sources: [{ line: 6, url: 'http://cdn.example/a.m3u8', playable: true, problem: '' }],
      },
    ],
    problems: [
      { line: 4, reason: 'not_hls', kind: 'dash', detail: 'http://cdn3.example/n1.mpd' },
      { line: 8, reason: 'no_url', kind: '', detail: 'Lost' },
    ],
  };
  const playlist = '#EXTM3U\n#EXTINF:-1 tvg-id="news.one",News One\nhttp://cdn1.example/n1.m3u8\n';

  it('previews a pasted playlist, then applies it', async () => {
    const server = fakeServer({
      'GET /v2/operator/me': me,
      'POST /v2/operator/lineup/m3u_preview': () => ({ body: preview }),
      'POST /v2/operator/lineup/m3u_apply': () => ({ body: { added: 1, updated: 1, channels: [9, 1] } }),
    });
    const user = userEvent.setup();
    renderConsole('/operator/channels/import');
    expect(await screen.findByRole('heading', { level: 1, name: 'Import M3U' })).toBeTruthy();
    expect(screen.getByLabelText('Playlist file')).toBeTruthy();
    const apply = screen.getByRole('button', { name: 'Apply' });
    expect(apply).toHaveProperty('disabled', true);

    await user.click(screen.getByLabelText('Playlist'));
    await user.paste(playlist);
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    const channels = await screen.findByRole('table', { name: 'Channels of the playlist' });
    expect(server.calls.find((c) => c.path === '/v2/operator/lineup/m3u_preview')!.body).toEqual({ playlist });
    expect(within(channels).getByRole('row', { name: /News One/ }).textContent).toContain('Not playable: DASH (.mpd)');
    const problems = screen.getByRole('table', { name: 'Problems by line' });
    expect(within(problems).getByRole('row', { name: /4 Not HLS \(DASH \(\.mpd\)\)/ })).toBeTruthy();
    expect(within(problems).getByRole('row', { name: /8 An entry without an address/ })).toBeTruthy();

    expect(apply).toHaveProperty('disabled', false);
    await user.click(apply);
    await waitFor(() => expect(server.calls.some((c) => c.path === '/v2/operator/lineup/m3u_apply')).toBe(true));
    expect(server.calls.find((c) => c.path === '/v2/operator/lineup/m3u_apply')!.body).toEqual({ playlist });
    expect(await screen.findByText('Imported: 1 added, 1 updated; viewers see them within a minute')).toBeTruthy();
  });

  it('asks for a playlist before the preview and again after a change', async () => {
    fakeServer({
      'GET /v2/operator/me': me,
      'POST /v2/operator/lineup/m3u_preview': () => ({ body: preview }),
    });
    const user = userEvent.setup();
    renderConsole('/operator/channels/import');
    await user.click(await screen.findByRole('button', { name: 'Preview' }));
    expect(screen.getByText('Paste a playlist or choose a file')).toBeTruthy();
    await user.click(screen.getByLabelText('Playlist'));
    await user.paste(playlist);
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    await screen.findByRole('table', { name: 'Channels of the playlist' });
    await user.type(screen.getByLabelText('Playlist'), 'x');
    expect(screen.getByRole('button', { name: 'Apply' })).toHaveProperty('disabled', true);
    expect(screen.getByText(/The playlist changed since the preview/)).toBeTruthy();
  });
});
