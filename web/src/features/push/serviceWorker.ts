// The service worker's registration (spec "Technical behaviour"): its script is fetched
// with the header that marks a worker-script fetch; a 404 or an answer that is not a
// script means the worker is gone from the server, so the page unregisters the one it
// has and reloads (without it). The worker itself is web/public/sw.js.

export const SW_URL = '/sw.js';

export type WorkerOutcome = 'registered' | 'unsupported' | 'unavailable' | 'removed' | 'absent';

export interface WorkerEnv {
  fetch: typeof fetch;
  container: Pick<ServiceWorkerContainer, 'register' | 'getRegistrations'> | undefined;
  reload: () => void;
}

function browserEnv(): WorkerEnv {
  const supported = typeof navigator !== 'undefined' && 'serviceWorker' in navigator && window.isSecureContext;
  return {
    fetch: (...args) => fetch(...args),
    container: supported ? navigator.serviceWorker : undefined,
    reload: () => window.location.reload(),
  };
}

/** A worker script answer: 200-299 with a JavaScript media type. */
export function isWorkerScript(res: Pick<Response, 'ok' | 'headers'>): boolean {
  const type = (res.headers.get('Content-Type') ?? '').split(';')[0]!.trim().toLowerCase();
  return res.ok && /^(text|application)\/(javascript|ecmascript|x-javascript)$/.test(type);
}

/**
 * Checks the worker script and registers it. When the server answers 404 or not a
 * script, every registration goes and the page reloads, once: with nothing to
 * unregister there is nothing to reload for (that would loop). A network failure or a
 * server error changes nothing (the worker in place keeps working).
 */
export async function registerServiceWorker(env: WorkerEnv = browserEnv()): Promise<{
  outcome: WorkerOutcome;
  registration?: ServiceWorkerRegistration;
}> {
  if (!env.container) return { outcome: 'unsupported' };
  let res: Response;
  try {
    res = await env.fetch(SW_URL, { headers: { 'Service-Worker': 'script' }, cache: 'no-cache', credentials: 'same-origin' });
  } catch {
    return { outcome: 'unavailable' };
  }
  if (res.status === 404 || (res.ok && !isWorkerScript(res))) {
    const registrations = await env.container.getRegistrations();
    if (registrations.length === 0) return { outcome: 'absent' };
    await Promise.all(registrations.map((r) => r.unregister()));
    env.reload();
    return { outcome: 'removed' };
  }
  if (!res.ok) return { outcome: 'unavailable' };
  const registration = await env.container.register(SW_URL, { scope: '/' });
  return { outcome: 'registered', registration };
}

let once: ReturnType<typeof registerServiceWorker> | null = null;

/** registerServiceWorker in this browser, once per page load (the upkeep and the modal share it). */
export function ensureServiceWorker(): ReturnType<typeof registerServiceWorker> {
  once ??= registerServiceWorker().catch(() => ({ outcome: 'unavailable' as const }));
  return once;
}
