import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer } from '../../test/fakeServer';
import { queryOf, renderConsole, sessionFixture } from '../test/harness';
import type { ImportReport } from './SubscribersCsv';

vi.setConfig({ testTimeout: 15_000 });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const report = (o: Partial<ImportReport> = {}): ImportReport => ({ rows: 3, create: 2, update: 1, applied: false, problems: [], ...o });
const csv = () => new File(['phone\n79550000001\n'], 'subscribers.csv', { type: 'text/csv' });

describe('subscribers CSV', () => {
  it('checks a file, shows its problems by line and offers no import until it is fixed', async () => {
    const server = fakeServer({
      'GET /v2/operator/me': () => ({ body: sessionFixture({ staff: { role: 'support' } }) }),
      'POST /v2/operator/subscribers/import': [
        () => ({ body: report({ problems: [{ line: 3, field: 'phone', message: 'Wrong phone number.' }] }) }),
        () => ({ body: report() }),
        () => ({ body: report({ applied: true }) }),
      ],
    });
    const user = userEvent.setup();
    renderConsole('/operator/subscribers');
    expect((await screen.findByRole('link', { name: 'Export all subscribers (CSV)' })).getAttribute('href')).toBe(
      '/v2/operator/subscribers/export',
    );
    const input = screen.getByLabelText('Subscribers file (CSV)');
    await user.upload(input, csv());
    await user.click(screen.getByRole('button', { name: 'Check the file' }));

    const problems = await screen.findByRole('table', { name: 'Problems in the file' });
    expect(within(problems).getByRole('row', { name: /3 phone Wrong phone number/ })).toBeTruthy();
    expect(screen.getByText(/1 problem in 3 rows/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Import/ })).toBeNull();
    const first = server.calls.find((c) => c.path === '/v2/operator/subscribers/import')!;
    expect(first.body).toBeInstanceOf(File);
    expect(first.headers['Content-Type']).toBe('text/csv');
    expect(queryOf(server.fetchMock, '/v2/operator/subscribers/import').get('apply')).toBe('false');

    // The fixed file: a clean check, then the import.
    await user.upload(input, csv());
    await user.click(screen.getByRole('button', { name: 'Check the file' }));
    expect(await screen.findByText(/3 rows, no problems: 2 new and 1 changed/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Import 3 subscribers' }));
    expect(await screen.findByText('Imported: 2 new and 1 changed subscribers.')).toBeTruthy();
    const applied = server.fetchMock.mock.calls.map(([u]) => new URL(String(u), 'http://t').searchParams.get('apply'));
    expect(applied).toContain('true');
    expect(screen.queryByRole('button', { name: /^Import \d/ })).toBeNull();
  });

  it('offers the export but no import to a role that only reads subscribers', async () => {
    fakeServer({ 'GET /v2/operator/me': () => ({ body: sessionFixture({ staff: { role: 'finance' } }) }) });
    renderConsole('/operator/subscribers');
    expect(await screen.findByRole('link', { name: 'Export all subscribers (CSV)' })).toBeTruthy();
    expect(screen.queryByLabelText('Subscribers file (CSV)')).toBeNull();
  });
});
