import { beforeEach, describe, expect, it, vi } from 'vitest';
import source from '../../../public/sw.js?raw';

// The worker (web/public/sw.js) run in a stand-in of its global scope: what a push
// shows, and where a click on it leads.

const ORIGIN = 'https://tv.example';

type Listener = (event: unknown) => void;

interface FakeClient {
  url: string;
  focus: ReturnType<typeof vi.fn>;
  navigate: ReturnType<typeof vi.fn>;
}

function loadWorker(windows: FakeClient[] = []) {
  const listeners: Record<string, Listener> = {};
  const scope = {
    location: new URL(ORIGIN + '/sw.js'),
    addEventListener: (type: string, fn: Listener) => (listeners[type] = fn),
    skipWaiting: vi.fn(),
    registration: {
      showNotification: vi.fn(async () => undefined),
      pushManager: { subscribe: vi.fn(async (o: unknown) => ({ options: o })) },
    },
    clients: {
      claim: vi.fn(async () => undefined),
      matchAll: vi.fn(async () => windows),
      openWindow: vi.fn(async () => null),
    },
  };
  new Function('self', source)(scope);
  return { scope, listeners };
}

function pushEvent(payload: unknown) {
  let done: Promise<unknown> = Promise.resolve();
  return {
    event: {
      data: payload === undefined ? null : { json: () => (typeof payload === 'string' ? JSON.parse(payload) : payload) },
      waitUntil: (p: Promise<unknown>) => (done = p),
    },
    done: () => done,
  };
}

function clickEvent(data: unknown) {
  let done: Promise<unknown> = Promise.resolve();
  const close = vi.fn();
  return { event: { notification: { data, close }, waitUntil: (p: Promise<unknown>) => (done = p) }, close, done: () => done };
}

const now = () => Math.floor(Date.now() / 1000);

describe('the service worker', () => {
  let worker: ReturnType<typeof loadWorker>;
  beforeEach(() => {
    worker = loadWorker();
  });

  it('shows a push with the spec fields', async () => {
    const p = pushEvent({
      id: 7, title: 'Новый фильм', body: 'Смотрите сегодня', icon: '/icons/tv.svg', action: 'Смотреть',
      destination: { type: 'content', id: 42, slug: 'film-42' }, time_to_live: 600, time_start: now(),
    });
    worker.listeners.push!(p.event);
    await p.done();
    expect(worker.scope.registration.showNotification).toHaveBeenCalledWith('Новый фильм', expect.objectContaining({
      body: 'Смотрите сегодня', icon: '/icons/tv.svg', tag: 'efir-7', actions: [{ action: 'open', title: 'Смотреть' }],
      data: { url: `${ORIGIN}/contents/film-42` },
    }));
  });

  it.each([
    [{ type: 'channel', id: 5 }, `${ORIGIN}/channels/32/5`],
    [{ type: 'packet', id: 3 }, `${ORIGIN}/packets/3`],
    [{ type: 'news', id: 9 }, `${ORIGIN}/news/9`],
    [{ type: 'messages' }, `${ORIGIN}/#message`],
    [{ type: 'url', src: 'https://efir.example/news' }, 'https://efir.example/news'],
    [{ type: 'url', src: 'javascript:alert(1)' }, `${ORIGIN}/`],
    [{ type: 'unknown' }, `${ORIGIN}/`],
  ])('leads %j to %s', async (destination, url) => {
    const p = pushEvent({ id: 1, title: 'x', body: 'y', destination, time_to_live: 60, time_start: now() });
    worker.listeners.push!(p.event);
    await p.done();
    expect(worker.scope.registration.showNotification).toHaveBeenCalledWith('x', expect.objectContaining({ data: { url } }));
  });

  it('drops a push past its time to live, and one that is not ours', async () => {
    const stale = pushEvent({ id: 1, title: 'old', body: '', destination: { type: 'messages' }, time_to_live: 60, time_start: now() - 3600 });
    worker.listeners.push!(stale.event);
    const foreign = pushEvent({ hello: 'world' });
    worker.listeners.push!(foreign.event);
    const empty = pushEvent(undefined);
    worker.listeners.push!(empty.event);
    await Promise.all([stale.done(), foreign.done(), empty.done()]);
    expect(worker.scope.registration.showNotification).not.toHaveBeenCalled();
  });

  it('on a click focuses the window already on the destination', async () => {
    const there: FakeClient = { url: `${ORIGIN}/contents/film-42`, focus: vi.fn(), navigate: vi.fn() };
    worker = loadWorker([there]);
    const c = clickEvent({ url: `${ORIGIN}/contents/film-42` });
    worker.listeners.notificationclick!(c.event);
    await c.done();
    expect(c.close).toHaveBeenCalled();
    expect(there.focus).toHaveBeenCalled();
    expect(worker.scope.clients.openWindow).not.toHaveBeenCalled();
  });

  it('on a click takes an open window of the app to the destination', async () => {
    const elsewhere: FakeClient = { url: `${ORIGIN}/channels`, focus: vi.fn(), navigate: vi.fn() };
    elsewhere.navigate.mockResolvedValue(elsewhere);
    worker = loadWorker([elsewhere]);
    const c = clickEvent({ url: `${ORIGIN}/#message` });
    worker.listeners.notificationclick!(c.event);
    await c.done();
    expect(elsewhere.navigate).toHaveBeenCalledWith(`${ORIGIN}/#message`);
    expect(elsewhere.focus).toHaveBeenCalled();
  });

  it('on a click opens a window when none is open', async () => {
    const c = clickEvent({ url: `${ORIGIN}/packets/3` });
    worker.listeners.notificationclick!(c.event);
    await c.done();
    expect(worker.scope.clients.openWindow).toHaveBeenCalledWith(`${ORIGIN}/packets/3`);
  });

  it('subscribes again with the same key when the browser drops the subscription, and tells the pages', async () => {
    const page = { url: ORIGIN + '/', focus: vi.fn(), navigate: vi.fn(), postMessage: vi.fn() };
    worker = loadWorker([page]);
    let done: Promise<unknown> = Promise.resolve();
    const key = new Uint8Array([4, 1, 2]).buffer;
    worker.listeners.pushsubscriptionchange!({
      oldSubscription: { options: { applicationServerKey: key } },
      newSubscription: null,
      waitUntil: (p: Promise<unknown>) => (done = p),
    });
    await done;
    expect(worker.scope.registration.pushManager.subscribe).toHaveBeenCalledWith({ userVisibleOnly: true, applicationServerKey: key });
    expect(page.postMessage).toHaveBeenCalledWith({ type: 'efir:push-subscription-changed' });
  });
});
