import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer } from '../../test/fakeServer';
import { packetRow } from '../test/cardFixtures';
import { renderConsole, sessionFixture } from '../test/harness';
import type { MessageBroadcast, OperatorSurvey, SurveyResults } from './api';

vi.setConfig({ testTimeout: 15_000 });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const message = (o: Partial<MessageBroadcast> = {}): MessageBroadcast => ({
  id: 8,
  title: 'Football tonight',
  text: 'The final at 21:00.',
  link: '',
  audience: 'all',
  packet_id: 0,
  packet_name: '',
  user_id: 0,
  send_at: 1_767_225_600,
  status: 'sent',
  recipients: 120,
  created_at: 1_767_225_600,
  sent_at: 1_767_225_600,
  ...o,
});

const survey = (o: Partial<OperatorSurvey> = {}): OperatorSurvey => ({
  id: 2,
  title: 'Picture quality',
  active: true,
  created_at: 1_767_225_600,
  answers: 2,
  questions: [{ id: 5, question: 'How is the picture?', description: '', allow_user_answer: true, answers: [{ id: 11, text: 'Good' }, { id: 12, text: 'Bad' }] }],
  ...o,
});

const results: SurveyResults = {
  survey: survey(),
  respondents: 2,
  questions: [{ id: 5, question: 'How is the picture?', answered: 2, options: [{ id: 11, text: 'Good', count: 2 }, { id: 12, text: 'Bad', count: 0 }], texts: [{ user_id: 42, text: 'More sport', created_at: 1_767_225_600 }] }],
  viewers: [{ user_id: 42, login: 'ivan42', question_id: 5, answer_ids: [11], user_text: 'More sport', created_at: 1_767_225_600 }],
};

const routes = (permissions = ['messages.write', 'packets.read']) => ({
  'GET /v2/operator/me': () => ({ body: sessionFixture({ permissions }) }),
  'GET /v2/operator/messages': () => ({ body: [message({ id: 9, title: 'Later', status: 'scheduled', recipients: 0, sent_at: 0 }), message()] }),
  'GET /v2/operator/surveys': () => ({ body: [survey()] }),
  'GET /v2/operator/surveys/2/results': () => ({ body: results }),
  'GET /v2/operator/packets': () => ({ body: [packetRow(), packetRow({ id: 6, name: 'Kino' })] }),
});

describe('messages', () => {
  it('sends a message to a packet’s subscribers', async () => {
    const sent = message({ id: 10, title: 'New films', audience: 'packet', packet_id: 6, packet_name: 'Kino', recipients: 3 });
    const server = fakeServer({ ...routes(), 'POST /v2/operator/messages': () => ({ status: 201, body: sent }) });
    const user = userEvent.setup();
    renderConsole('/operator/messages');
    expect(await screen.findByRole('heading', { level: 1, name: 'Messages and surveys' }, { timeout: 5000 })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'New message' }));
    await user.type(screen.getByLabelText('Title'), 'New films');
    await user.type(screen.getByLabelText('Text'), 'Ten new films this week.');
    await user.type(screen.getByLabelText('Link (optional)'), 'https://efir.example/films');
    await user.click(screen.getByRole('radio', { name: 'Packet subscribers' }));
    await user.selectOptions(await screen.findByLabelText('Packet'), 'Kino');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('“New films” is sent to 3 viewers.')).toBeTruthy();
    const call = server.calls.find((c) => c.method === 'POST' && c.path === '/v2/operator/messages')!;
    expect(call.body).toEqual({ title: 'New films', text: 'Ten new films this week.', link: 'https://efir.example/films', audience: 'packet', packet_id: 6 });
  });

  it('schedules a message to one viewer, and cancels a scheduled one', async () => {
    const server = fakeServer({
      ...routes(['messages.write']),
      'POST /v2/operator/messages': (c) => ({ status: 201, body: message({ id: 11, title: 'Hello', status: 'scheduled', send_at: (c.body as { send_at: number }).send_at }) }),
      'POST /v2/operator/messages/9/cancel': () => ({ body: message({ id: 9, title: 'Later', status: 'cancelled' }) }),
    });
    const user = userEvent.setup();
    renderConsole('/operator/messages');
    await user.click(await screen.findByRole('button', { name: 'New message' }, { timeout: 5000 }));
    await user.type(screen.getByLabelText('Title'), 'Hello');
    await user.type(screen.getByLabelText('Text'), 'Personal note.');
    await user.click(screen.getByRole('radio', { name: 'One viewer' }));
    await user.type(screen.getByLabelText('Viewer ID'), '42');
    await user.click(screen.getByRole('radio', { name: 'At a set time' }));
    const at = new Date(Date.now() + 86_400_000);
    const pad = (n: number) => String(n).padStart(2, '0');
    const value = `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T10:30`;
    const field = screen.getByLabelText('Send at');
    await user.clear(field);
    await user.type(field, value);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('“Hello” is scheduled.')).toBeTruthy();
    const call = server.calls.find((c) => c.method === 'POST' && c.path === '/v2/operator/messages')!;
    expect(call.body).toEqual({ title: 'Hello', text: 'Personal note.', audience: 'user', user_id: 42, send_at: Math.floor(new Date(value).getTime() / 1000) });

    const table = screen.getByRole('table', { name: 'Messages, newest first' });
    await user.click(within(table).getByRole('button', { name: 'Cancel sending' }));
    const confirm = screen.getByRole('group', { name: 'Cancel sending Later' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel sending' }));
    expect(await screen.findByText('“Later” will not be sent.')).toBeTruthy();
    await waitFor(() => expect(server.routes()).toContain('POST /v2/operator/messages/9/cancel'));
  });

  it('checks the form before sending', async () => {
    const server = fakeServer(routes());
    const user = userEvent.setup();
    renderConsole('/operator/messages');
    await user.click(await screen.findByRole('button', { name: 'New message' }, { timeout: 5000 }));
    await user.type(screen.getByLabelText('Link (optional)'), 'ftp://x');
    await user.click(screen.getByRole('radio', { name: 'Packet subscribers' }));
    await user.click(screen.getByRole('button', { name: 'Send' }));
    for (const text of ['Enter a title.', 'Enter the text.', 'Enter a link that starts with http:// or https://.', 'Choose a packet.']) {
      expect(screen.getByText(text)).toBeTruthy();
    }
    expect(server.routes()).not.toContain('POST /v2/operator/messages');
  });
});

describe('surveys', () => {
  it('creates a survey with its questions', async () => {
    const server = fakeServer({ ...routes(), 'POST /v2/operator/surveys': () => ({ status: 201, body: survey({ id: 3, title: 'Sport' }) }) });
    const user = userEvent.setup();
    renderConsole('/operator/messages');
    await user.click(await screen.findByRole('button', { name: 'New survey' }, { timeout: 5000 }));
    await user.type(screen.getByLabelText('Survey title'), 'Sport');
    await user.type(screen.getByLabelText('Question'), 'Which sport?');
    await user.type(screen.getByLabelText('Answer options'), 'Football{Enter}Hockey');
    await user.click(screen.getByRole('button', { name: 'Add a question' }));
    const second = screen.getByRole('group', { name: 'Question 2' });
    await user.type(within(second).getByLabelText('Question'), 'Anything else?');
    await user.click(within(second).getByRole('checkbox', { name: 'Viewers can write their own answer' }));
    await user.click(screen.getByRole('button', { name: 'Create survey' }));
    expect(await screen.findByText('Survey “Sport” is created.')).toBeTruthy();
    const call = server.calls.find((c) => c.method === 'POST' && c.path === '/v2/operator/surveys')!;
    expect(call.body).toEqual({
      title: 'Sport',
      active: true,
      questions: [
        { question: 'Which sport?', description: '', allow_user_answer: false, answers: [{ text: 'Football' }, { text: 'Hockey' }] },
        { question: 'Anything else?', description: '', allow_user_answer: true, answers: [] },
      ],
    });
  });

  it('shows the answers: counts per option, free texts and per viewer', async () => {
    fakeServer(routes());
    const user = userEvent.setup();
    renderConsole('/operator/messages');
    const table = await screen.findByRole('table', { name: 'Surveys, newest first' }, { timeout: 5000 });
    await user.click(within(table).getByRole('button', { name: 'Results' }));
    const options = await screen.findByRole('table', { name: 'Answers to “How is the picture?”' }, { timeout: 5000 });
    expect(within(options).getByRole('row', { name: /Good/ }).textContent).toContain('2');
    expect(screen.getByText('2 viewers answered.')).toBeTruthy();
    expect(within(screen.getByRole('list', { name: "Viewers' own answers" })).getByText(/More sport/)).toBeTruthy();
    const byViewer = screen.getByRole('table', { name: 'Answers by viewer, newest first' });
    expect(within(byViewer).getByRole('link', { name: 'ivan42' }).getAttribute('href')).toBe('/operator/subscribers/42');
    expect(within(byViewer).getByText('Good; More sport')).toBeTruthy();
  });

  it('edits the questions of a survey nobody answered; an answered one offers no edit', async () => {
    const fresh = survey({ id: 4, title: 'Kids', answers: 0, questions: [{ id: 8, question: 'Which cartoons?', description: '', allow_user_answer: false, answers: [{ id: 20, text: 'Old' }, { id: 21, text: 'New' }] }] });
    const server = fakeServer({
      ...routes(),
      'GET /v2/operator/surveys': () => ({ body: [fresh, survey()] }),
      'PATCH /v2/operator/surveys/4': (call) => ({ body: { ...fresh, ...(call.body as object) } }),
    });
    const user = userEvent.setup();
    renderConsole('/operator/messages');
    const table = await screen.findByRole('table', { name: 'Surveys, newest first' }, { timeout: 5000 });
    expect(within(within(table).getByRole('row', { name: /Picture quality/ })).queryByRole('button', { name: 'Edit' })).toBeNull();
    await user.click(within(within(table).getByRole('row', { name: /Kids/ })).getByRole('button', { name: 'Edit' }));
    const form = screen.getByRole('region', { name: 'Edit “Kids”' });
    expect((within(form).getByLabelText('Answer options') as HTMLTextAreaElement).value).toBe('Old\nNew');
    await user.type(within(form).getByLabelText('Answer options'), '{Enter}Both');
    await user.click(within(form).getByRole('button', { name: 'Save survey' }));
    expect(await screen.findByText('Survey “Kids” is saved.')).toBeTruthy();
    expect(server.calls.find((c) => c.method === 'PATCH')!.body).toEqual({
      title: 'Kids',
      active: true,
      questions: [{ question: 'Which cartoons?', description: '', allow_user_answer: false, answers: [{ text: 'Old' }, { text: 'New' }, { text: 'Both' }] }],
    });
  });
});
