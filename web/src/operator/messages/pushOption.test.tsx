import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer } from '../../test/fakeServer';
import { renderConsole, sessionFixture } from '../test/harness';

vi.setConfig({ testTimeout: 15_000 });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const sent = {
  id: 10, title: 'Match', text: 'Starts at 21:00.', link: '', audience: 'all', packet_id: 0, packet_name: '', user_id: 0,
  send_at: 1_767_225_600, push: true, status: 'sent', recipients: 3, created_at: 1_767_225_600, sent_at: 1_767_225_600,
};

describe('the message form’s push option', () => {
  it('sends push: true only when "also as a push" is ticked', async () => {
    const server = fakeServer({
      'GET /v2/operator/me': () => ({ body: sessionFixture({ permissions: ['messages.write'] }) }),
      'GET /v2/operator/messages': () => ({ body: [] }),
      'GET /v2/operator/surveys': () => ({ body: [] }),
      'POST /v2/operator/messages': () => ({ status: 201, body: sent }),
    });
    const user = userEvent.setup();
    renderConsole('/operator/messages');
    await user.click(await screen.findByRole('button', { name: 'New message' }, { timeout: 5000 }));
    await user.type(screen.getByLabelText('Title'), 'Match');
    await user.type(screen.getByLabelText('Text'), 'Starts at 21:00.');
    const push = screen.getByRole('checkbox', { name: 'Also as a push notification' });
    expect((push as HTMLInputElement).checked).toBe(false);
    expect(push.getAttribute('aria-describedby')).toBeTruthy();
    await user.click(push);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('“Match” is sent to 3 viewers.')).toBeTruthy();
    const call = server.calls.find((c) => c.method === 'POST' && c.path === '/v2/operator/messages')!;
    expect(call.body).toEqual({ title: 'Match', text: 'Starts at 21:00.', audience: 'all', push: true });
  });

  it('marks the messages of the list that went out as pushes too', async () => {
    fakeServer({
      'GET /v2/operator/me': () => ({ body: sessionFixture({ permissions: ['messages.write'] }) }),
      'GET /v2/operator/messages': () => ({ body: [sent, { ...sent, id: 11, title: 'Quiet', push: false }] }),
      'GET /v2/operator/surveys': () => ({ body: [] }),
    });
    renderConsole('/operator/messages');
    const pushed = (await screen.findByRole('rowheader', { name: /^Match/ }, { timeout: 5000 })).closest('tr')!;
    const quiet = screen.getByRole('rowheader', { name: /^Quiet/ }).closest('tr')!;
    expect(pushed.textContent).toContain('Also a push');
    expect(quiet.textContent).not.toContain('Also a push');
  });
});
