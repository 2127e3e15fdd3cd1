import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer } from '../../test/fakeServer';
import type { AuditEntry } from '../api/types';
import { queryOf, renderConsole, sessionFixture, where } from '../test/harness';
import { dayToUnix } from './api';
import { compactJson, fieldChanges } from './changes';

vi.setConfig({ testTimeout: 15_000 });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const entry = (id: number, o: Partial<AuditEntry> = {}): AuditEntry => ({
  id,
  at: '2026-03-01T10:00:00Z',
  actor: 'anna@demo.example',
  actor_kind: 'staff',
  ip: '10.0.0.5',
  action: 'staff.update',
  object_type: 'staff',
  object_id: '3',
  before: { role: 'support', name: 'Sam' },
  after: { role: 'finance', name: 'Sam' },
  ...o,
});

describe('fieldChanges', () => {
  it('lists changed, added and removed fields and leaves the same ones out', () => {
    expect(fieldChanges({ a: 1, b: 'x', c: [1] }, { a: 2, b: 'x', d: { e: true } })).toEqual([
      { field: 'a', kind: 'changed', before: '1', after: '2' },
      { field: 'c', kind: 'removed', before: '[1]' },
      { field: 'd', kind: 'added', after: '{"e":true}' },
    ]);
    expect(fieldChanges(null, { name: 'Nina' })).toEqual([{ field: 'name', kind: 'added', after: '"Nina"' }]);
    expect(fieldChanges(null, null)).toEqual([]);
  });

  it('cuts long values', () => {
    expect(compactJson('x'.repeat(500))).toHaveLength(160);
  });
});

describe('audit log', () => {
  it('shows entries with their changes and pages 50 at a time', async () => {
    const page1 = Array.from({ length: 50 }, (_, i) => entry(100 - i));
    const server = fakeServer({
      'GET /v2/operator/me': () => ({ body: sessionFixture() }),
      'GET /v2/operator/audit': [() => ({ body: page1 }), () => ({ body: [entry(50, { before: null, after: { email: 'new@demo.example' }, action: 'staff.invite' })] })],
    });
    const user = userEvent.setup();
    renderConsole('/operator/audit');
    const table = await screen.findByRole('table', { name: 'Changes, newest first' });
    expect(within(table).getAllByRole('row')).toHaveLength(51);
    const first = within(table).getAllByRole('row')[1]!;
    expect(within(first).getByText('staff.update')).toBeTruthy();
    expect(within(first).getByText('role')).toBeTruthy();
    expect(within(first).getByText('"support"', { exact: false }).tagName).toBe('DEL');
    expect(within(first).getByText('"finance"', { exact: false }).tagName).toBe('INS');
    expect(within(first).queryByText('name')).toBeNull();
    expect(queryOf(server.fetchMock, '/v2/operator/audit').get('limit')).toBe('50');
    expect(queryOf(server.fetchMock, '/v2/operator/audit').get('offset')).toBe('0');

    const pager = screen.getByRole('navigation', { name: 'Pages of the log' });
    expect(within(pager).getByRole('button', { name: /Newer/ })).toHaveProperty('disabled', true);
    await user.click(within(pager).getByRole('button', { name: /Older/ }));
    expect(await screen.findByText('staff.invite')).toBeTruthy();
    expect(queryOf(server.fetchMock, '/v2/operator/audit', 1).get('offset')).toBe('50');
    expect(where().search).toBe('?page=2');
    expect(screen.getByText('Page 2')).toBeTruthy();
    expect(screen.getByText('created')).toBeTruthy();
    // A short page is the last one.
    expect(within(pager).getByRole('button', { name: /Older/ })).toHaveProperty('disabled', true);
  });

  it('filters by text, object type and dates (local days as unix seconds)', async () => {
    const server = fakeServer({
      'GET /v2/operator/me': () => ({ body: sessionFixture() }),
      'GET /v2/operator/audit': () => ({ body: [entry(1)] }),
    });
    const user = userEvent.setup();
    renderConsole('/operator/audit?page=3');
    await screen.findByRole('table', { name: 'Changes, newest first' });
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'anna');
    await user.type(screen.getByLabelText('Object type'), 'staff');
    await user.type(screen.getByLabelText('From'), '2026-03-02');
    await user.type(screen.getByLabelText('To'), '2026-03-01');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(screen.getByRole('alert').textContent).toBe('The start date is after the end date');

    await user.clear(screen.getByLabelText('To'));
    await user.type(screen.getByLabelText('To'), '2026-03-05');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(where().search).toBe('?q=anna&object_type=staff&from=2026-03-02&to=2026-03-05'));
    await waitFor(() => expect(server.fetchMock.mock.calls.length).toBeGreaterThanOrEqual(3));
    const q = queryOf(server.fetchMock, '/v2/operator/audit', 1);
    expect(Object.fromEntries(q)).toEqual({
      q: 'anna',
      object_type: 'staff',
      from: String(dayToUnix('2026-03-02')),
      to: String(dayToUnix('2026-03-05', true)),
      limit: '50',
      offset: '0',
    });
    expect(dayToUnix('2026-03-05', true) - dayToUnix('2026-03-05')).toBe(86_399);

    await user.click(screen.getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(where().search).toBe(''));
    expect((screen.getByRole('searchbox', { name: 'Search' }) as HTMLInputElement).value).toBe('');
  });

  it('says when nothing matches', async () => {
    fakeServer({
      'GET /v2/operator/me': () => ({ body: sessionFixture() }),
      'GET /v2/operator/audit': () => ({ body: [] }),
    });
    renderConsole('/operator/audit?q=nothing');
    expect(await screen.findByText('No entries match these filters.')).toBeTruthy();
  });
});
