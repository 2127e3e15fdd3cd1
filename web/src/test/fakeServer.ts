import { vi } from 'vitest';

// A scripted fetch: each handler answers one "METHOD /path" (query ignored); calls are recorded.

export interface Call {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: unknown;
}

type Handler = (call: Call) => { status?: number; body?: unknown } | undefined;

export function fakeServer(routes: Record<string, Handler | Handler[]>) {
  const calls: Call[] = [];
  const queues = new Map(Object.entries(routes).map(([k, v]) => [k, Array.isArray(v) ? [...v] : v]));
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://test');
    const call: Call = {
      method: init?.method ?? 'GET',
      path: url.pathname,
      headers: (init?.headers ?? {}) as Record<string, string>,
      // JSON bodies decoded; a file or raw text (CSV, M3U, an image) kept as it was sent.
      body: typeof init?.body === 'string' ? parseOrRaw(init.body) : (init?.body ?? undefined),
    };
    calls.push(call);
    const entry = queues.get(`${call.method} ${call.path}`);
    const handler = Array.isArray(entry) ? (entry.length > 1 ? entry.shift() : entry[0]) : entry;
    const res = handler?.(call) ?? { status: 404, body: { error: { type: 'not_found', message: 'no route' } } };
    const status = res.status ?? 200;
    return new Response(status === 204 ? null : JSON.stringify(res.body ?? {}), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock, routes: () => calls.map((c) => `${c.method} ${c.path}`) };
}

function parseOrRaw(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    return body;
  }
}

export function clearCookiesAndStorage(): void {
  for (const c of document.cookie.split(';')) {
    const name = c.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT`;
  }
  window.localStorage.clear();
}
