import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer } from '../../test/fakeServer';
import type { Subscription } from '../api/types';
import { cardRoutes, subscriberCard, subscription } from '../test/cardFixtures';
import { renderConsole, sessionFixture } from '../test/harness';
import { toLocalInput } from '../ui/dates';

vi.setConfig({ testTimeout: 15_000 });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const text = (el: Element) => (el.textContent ?? '').replace(/\u00a0/g, ' ');
const support = { 'GET /v2/operator/me': () => ({ body: sessionFixture({ staff: { role: 'support' } }) }) };
const subsTable = () => screen.findByRole('table', { name: 'Subscriptions of the subscriber' });
const buttonsOf = (row: HTMLElement) => within(row).queryAllByRole('button').map((b) => b.textContent);

const subs: Subscription[] = [
  subscription({ id: 1, packet_name: 'Basic', type: 'paid', state: 'active', renew: true }),
  subscription({ id: 2, packet_id: 6, packet_name: 'Kino', type: 'trial', state: 'paused', renew: false, resume_at: 1_767_830_400 }),
  subscription({ id: 3, packet_id: 7, packet_name: 'Sport', type: 'grant', state: 'future', renew: false }),
  subscription({ id: 4, packet_id: 8, packet_name: 'Kids', type: 'promo', state: 'closed', renew: false }),
  subscription({ id: 5, packet_id: 9, packet_name: 'Music', type: 'grant', state: 'active', renew: false }),
];

describe('subscriber card: subscriptions', () => {
  it('offers what each state allows: pause, resume, end, renewal of paid and trial ones', async () => {
    let list = subs;
    const server = fakeServer({
      ...support,
      ...cardRoutes(subscriberCard({ subscriptions: subs })),
      'GET /v2/operator/subscribers/42': () => ({ body: subscriberCard({ subscriptions: list }) }),
      'PATCH /v2/operator/subscribers/42/subscriptions/1': (call) => {
        const body = call.body as { action?: string; renew?: boolean };
        const next = { ...list[0]!, ...(body.action === 'pause' ? { state: 'paused' as const } : {}), ...(body.renew !== undefined ? { renew: body.renew } : {}) };
        list = [next, ...list.slice(1)];
        return { body: next };
      },
      'PATCH /v2/operator/subscribers/42/subscriptions/2': (call) => {
        const body = call.body as { resume_at?: number };
        const next = body.resume_at !== undefined ? { ...list[1]!, resume_at: body.resume_at } : { ...list[1]!, state: 'active' as const, resume_at: 0 };
        list = [list[0]!, next, ...list.slice(2)];
        return { body: next };
      },
      'PATCH /v2/operator/subscribers/42/subscriptions/3': () => {
        const next = { ...list[2]!, state: 'closed' as const };
        list = [list[0]!, list[1]!, next, ...list.slice(3)];
        return { body: next };
      },
    });
    const user = userEvent.setup();
    renderConsole('/operator/subscribers/42');
    const table = await subsTable();
    const row = (name: RegExp) => within(table).getByRole('row', { name });

    expect(buttonsOf(row(/Basic/))).toEqual(['Turn off', 'Pause', 'End']);
    expect(buttonsOf(row(/Kino/))).toEqual(['Resume', 'Resume on a day…', 'End']);
    // A pause with a planned end says when it resumes by itself.
    expect(within(row(/Kino/)).getByText(/resumes 8 Jan 2026|resumes Jan 8, 2026/)).toBeTruthy();
    expect(within(row(/Basic/)).queryByText(/resumes/)).toBeNull();
    expect(buttonsOf(row(/Sport/))).toEqual(['End']);
    expect(buttonsOf(row(/Kids/))).toEqual([]);
    // A grant has no price to renew at.
    expect(buttonsOf(row(/Music/))).toEqual(['Pause', 'End']);

    await user.click(within(row(/Basic/)).getByRole('button', { name: 'Turn off' }));
    expect(await screen.findByText('Basic: renewal is off.')).toBeTruthy();
    const calls = () => server.calls.filter((c) => c.method === 'PATCH');
    expect(calls()[0]!.body).toEqual({ renew: false });
    expect(within(row(/Basic/)).getByText('Off')).toBeTruthy();

    await user.click(within(row(/Basic/)).getByRole('button', { name: 'Pause' }));
    expect(await screen.findByText('Basic: paused.')).toBeTruthy();
    expect(calls()[1]!.body).toEqual({ action: 'pause' });
    expect(calls()[1]!.headers['X-CSRF-Token']).toBe('csrf-1');
    expect(buttonsOf(row(/Basic/))).toEqual(['Resume', 'Resume on a day…', 'End']);
    await waitFor(() => expect(document.activeElement).toBe(within(row(/Basic/)).getByRole('button', { name: 'Resume' })));

    // A day the pause ends by itself: from tomorrow on (the one planned is past).
    await user.click(within(row(/Kino/)).getByRole('button', { name: 'Resume on a day…' }));
    const day = within(row(/Kino/)).getByLabelText('Resumes on') as HTMLInputElement;
    expect(day.value).toBe('2026-01-08');
    await user.click(within(row(/Kino/)).getByRole('button', { name: 'Save' }));
    expect(within(row(/Kino/)).getByRole('alert').textContent).toBe('Choose a day from tomorrow on.');
    expect(calls()).toHaveLength(2);
    await user.clear(day);
    await user.type(day, '2030-05-01');
    await user.click(within(row(/Kino/)).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/Kino: resumes by itself on/)).toBeTruthy();
    expect(calls()[2]).toMatchObject({
      path: '/v2/operator/subscribers/42/subscriptions/2',
      body: { resume_at: new Date('2030-05-01T00:00').getTime() / 1000 },
    });

    await user.click(within(row(/Kino/)).getByRole('button', { name: 'Resume' }));
    expect(await screen.findByText('Kino: resumed, its end moved by the time it stood paused.')).toBeTruthy();
    expect(calls()[3]).toMatchObject({ path: '/v2/operator/subscribers/42/subscriptions/2', body: { action: 'resume' } });
    expect(buttonsOf(row(/Kino/))).toEqual(['Turn on', 'Pause', 'End']);

    // Ending asks first.
    await user.click(within(row(/Sport/)).getByRole('button', { name: 'End' }));
    const confirm = within(row(/Sport/)).getByRole('group', { name: 'End' });
    expect(text(confirm)).toContain('End the subscription to Sport now? Access stops at once; nothing is refunded.');
    await user.click(within(confirm).getByRole('button', { name: 'End' }));
    expect(await screen.findByText('Sport: ended.')).toBeTruthy();
    expect(calls()[4]).toMatchObject({ path: '/v2/operator/subscribers/42/subscriptions/3', body: { action: 'end' } });
    expect(buttonsOf(row(/Sport/))).toEqual([]);
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 2, name: 'Subscriptions' }));
  });

  it("shows the server's refusal of a change in its row", async () => {
    fakeServer({
      ...support,
      ...cardRoutes(subscriberCard({ subscriptions: subs })),
      'PATCH /v2/operator/subscribers/42/subscriptions/5': () => ({ status: 409, body: { error: { type: 'conflict', message: 'The subscription is not running' } } }),
    });
    const user = userEvent.setup();
    renderConsole('/operator/subscribers/42');
    const row = within(await subsTable()).getByRole('row', { name: /Music/ });
    await user.click(within(row).getByRole('button', { name: 'Pause' }));
    expect((await within(row).findByRole('alert')).textContent).toBe('The subscription is not running');
  });

  it('gives a packet: the paid packets to choose from, checks, the payload and the server errors', async () => {
    const start = new Date(Date.now() + 3 * 86_400_000);
    start.setSeconds(0, 0);
    const startText = toLocalInput(start);
    const startAt = Math.floor(start.getTime() / 1000);
    const end = new Date(start);
    end.setDate(end.getDate() + 30);
    const endAt = Math.floor(end.getTime() / 1000);
    const granted = subscription({ id: 30, packet_id: 6, packet_name: 'Kino', type: 'grant', renew: false, state: 'future', start_at: startAt, end_at: endAt });
    let card = subscriberCard();
    const server = fakeServer({
      ...support,
      ...cardRoutes(),
      'GET /v2/operator/subscribers/42': () => ({ body: card }),
      'POST /v2/operator/subscribers/42/subscriptions': [
        () => ({ status: 409, body: { error: { type: 'already_subscribed', message: 'The subscriber already has this packet: end that subscription first.' } } }),
        () => ({ status: 400, body: { error: { type: 'validation_error', message: 'Please check the form.', detail: { end_at: 'The grant may last at most ten years.' } } } }),
        () => {
          card = { ...card, subscriptions: [granted, ...card.subscriptions] };
          return { status: 201, body: granted };
        },
      ],
    });
    const user = userEvent.setup();
    renderConsole('/operator/subscribers/42');
    await subsTable();
    const open = screen.getByRole('button', { name: 'Give a packet' });
    await user.click(open);
    const form = await screen.findByRole('form', { name: 'Give a packet free of charge' });
    const packet = await within(form).findByRole('combobox', { name: 'Packet' });
    await waitFor(() => expect(document.activeElement).toBe(packet));
    // Free packets are not given; hidden ones are, marked.
    expect(within(packet).getAllByRole('option').map((o) => o.textContent)).toEqual(['Choose a packet', 'Basic', 'Kino', 'Staff test (hidden)']);
    expect((within(form).getByLabelText('Start') as HTMLInputElement).value).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);

    await user.click(within(form).getByRole('button', { name: 'Give the packet' }));
    expect(within(form).getAllByText('Choose a packet').length).toBeGreaterThan(1);
    expect(within(form).getByText('Set the end')).toBeTruthy();
    expect(within(form).getByLabelText('End').getAttribute('aria-invalid')).toBe('true');
    expect(server.routes()).not.toContain('POST /v2/operator/subscribers/42/subscriptions');

    await user.selectOptions(packet, 'Kino');
    fireEvent.change(within(form).getByLabelText('Start'), { target: { value: startText } });
    await user.click(within(form).getByRole('button', { name: '+7 days' }));
    expect((within(form).getByLabelText('End') as HTMLInputElement).value).toBe(toLocalInput(new Date(start.getFullYear(), start.getMonth(), start.getDate() + 7, start.getHours(), start.getMinutes())));
    await user.click(within(form).getByRole('button', { name: '+30 days' }));
    expect((within(form).getByLabelText('End') as HTMLInputElement).value).toBe(toLocalInput(end));

    await user.click(within(form).getByRole('button', { name: 'Give the packet' }));
    expect((await within(form).findByRole('alert')).textContent).toBe('The subscriber already has this packet: end that subscription first.');
    const posts = () => server.calls.filter((c) => c.method === 'POST' && c.path === '/v2/operator/subscribers/42/subscriptions');
    expect(posts()[0]!.body).toEqual({ packet_id: 6, start_at: startAt, end_at: endAt });
    expect(posts()[0]!.headers['X-CSRF-Token']).toBe('csrf-1');

    // A field's error from the server stands at the field.
    await user.click(within(form).getByRole('button', { name: 'Give the packet' }));
    expect(await within(form).findByText('The grant may last at most ten years.')).toBeTruthy();
    expect(within(form).getByRole('alert').textContent).toBe('Please check the form.');
    expect(within(form).getByLabelText('End').getAttribute('aria-invalid')).toBe('true');

    await user.click(within(form).getByRole('button', { name: 'Give the packet' }));
    expect(await screen.findByText(/^Kino is given until /)).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Give a packet free of charge' })).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(open));
    expect(within(await subsTable()).getByRole('row', { name: /Kino.*Granted/ })).toBeTruthy();
  });

  it('sends a start of now as no start (the server starts it then) and checks the end against the start', async () => {
    const server = fakeServer({ ...support, ...cardRoutes(), 'POST /v2/operator/subscribers/42/subscriptions': () => ({ status: 201, body: subscription({ id: 31, type: 'grant' }) }) });
    const user = userEvent.setup();
    renderConsole('/operator/subscribers/42');
    await subsTable();
    await user.click(screen.getByRole('button', { name: 'Give a packet' }));
    const form = await screen.findByRole('form', { name: 'Give a packet free of charge' });
    await user.selectOptions(await within(form).findByRole('combobox', { name: 'Packet' }), 'Basic');
    const startValue = (within(form).getByLabelText('Start') as HTMLInputElement).value;
    fireEvent.change(within(form).getByLabelText('End'), { target: { value: startValue } });
    await user.click(within(form).getByRole('button', { name: 'Give the packet' }));
    expect(within(form).getByText('The end must come after the start')).toBeTruthy();

    await user.click(within(form).getByRole('button', { name: '+7 days' }));
    await user.click(within(form).getByRole('button', { name: 'Give the packet' }));
    await waitFor(() => expect(server.routes()).toContain('POST /v2/operator/subscribers/42/subscriptions'));
    const body = server.calls.find((c) => c.method === 'POST')!.body as Record<string, number>;
    expect(body.packet_id).toBe(5);
    expect(body.start_at).toBeUndefined();
    expect(body.end_at).toBe(Math.floor(new Date(toLocalInput(new Date(new Date(startValue).getTime() + 7 * 86_400_000))).getTime() / 1000));
  });
});
