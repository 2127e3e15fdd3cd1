import { describe, expect, it, vi } from 'vitest';
import { isWorkerScript, registerServiceWorker, SW_URL, type WorkerEnv } from './serviceWorker';

function env(answer: Response | Error, registrations = 0) {
  const unregister = vi.fn(async () => true);
  const regs = Array.from({ length: registrations }, () => ({ unregister }) as unknown as ServiceWorkerRegistration);
  const registration = { scope: '/' } as ServiceWorkerRegistration;
  const e = {
    fetch: vi.fn(async () => {
      if (answer instanceof Error) throw answer;
      return answer;
    }),
    container: { register: vi.fn(async () => registration), getRegistrations: vi.fn(async () => regs) },
    reload: vi.fn(),
  };
  return { env: e as unknown as WorkerEnv & typeof e, unregister, registration };
}

const script = () => new Response('self.addEventListener("push", () => {});', { headers: { 'Content-Type': 'text/javascript; charset=utf-8' } });

describe('registerServiceWorker', () => {
  it('fetches the worker script with the worker-script header, then registers it', async () => {
    const { env: e, registration } = env(script());
    const result = await registerServiceWorker(e);
    expect(result).toEqual({ outcome: 'registered', registration });
    expect(e.fetch).toHaveBeenCalledWith(SW_URL, expect.objectContaining({ headers: { 'Service-Worker': 'script' } }));
    expect(e.container.register).toHaveBeenCalledWith(SW_URL, { scope: '/' });
    expect(e.reload).not.toHaveBeenCalled();
  });

  it('on 404 unregisters the worker it has and reloads', async () => {
    const { env: e, unregister } = env(new Response('not found', { status: 404, headers: { 'Content-Type': 'text/plain' } }), 2);
    expect((await registerServiceWorker(e)).outcome).toBe('removed');
    expect(unregister).toHaveBeenCalledTimes(2);
    expect(e.reload).toHaveBeenCalledTimes(1);
    expect(e.container.register).not.toHaveBeenCalled();
  });

  it('on an answer that is not a script (the page instead of the worker) unregisters and reloads', async () => {
    const { env: e, unregister } = env(new Response('<!doctype html>', { headers: { 'Content-Type': 'text/html; charset=utf-8' } }), 1);
    expect((await registerServiceWorker(e)).outcome).toBe('removed');
    expect(unregister).toHaveBeenCalledTimes(1);
    expect(e.reload).toHaveBeenCalledTimes(1);
  });

  it('does not reload when there was no worker to remove (no reload loop)', async () => {
    const { env: e } = env(new Response('', { status: 404 }), 0);
    expect((await registerServiceWorker(e)).outcome).toBe('absent');
    expect(e.reload).not.toHaveBeenCalled();
    expect(e.container.register).not.toHaveBeenCalled();
  });

  it('leaves the worker alone when the server fails or the network is down', async () => {
    const down = env(new TypeError('offline'), 1);
    expect((await registerServiceWorker(down.env)).outcome).toBe('unavailable');
    const failing = env(new Response('', { status: 503 }), 1);
    expect((await registerServiceWorker(failing.env)).outcome).toBe('unavailable');
    for (const x of [down, failing]) {
      expect(x.unregister).not.toHaveBeenCalled();
      expect(x.env.reload).not.toHaveBeenCalled();
    }
  });

  it('does nothing where service workers are not available', async () => {
    const { env: e } = env(script());
    expect((await registerServiceWorker({ ...e, container: undefined })).outcome).toBe('unsupported');
    expect(e.fetch).not.toHaveBeenCalled();
  });
});

describe('isWorkerScript', () => {
  it.each([
    ['text/javascript', 200, true],
    ['application/javascript; charset=utf-8', 200, true],
    ['text/html', 200, false],
    ['application/json', 200, false],
    ['text/javascript', 500, false],
  ])('%s with %i -> %s', (type, status, want) => {
    expect(isWorkerScript(new Response('', { status, headers: { 'Content-Type': type } }))).toBe(want);
  });
});
