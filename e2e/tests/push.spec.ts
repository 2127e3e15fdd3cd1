import { expect, test, type Page } from '@playwright/test';
import { appReady } from './helpers/app';

// Web push (spec "Push notification", the #push modal, the service worker rules): the
// worker at /sw.js is registered; #push asks for the permission and the device's push
// subscription reaches the server; a worker script that is gone is unregistered.
// Chromium here has no push service to reach, so the browser's PushManager answers with
// a subscription of a real P-256 key made in the page; the rest is the real thing.

async function fakePushService(page: Page) {
  await page.addInitScript(() => {
    const b64 = (u: Uint8Array) => btoa(String.fromCharCode(...u)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
    let current: unknown = null;
    PushManager.prototype.subscribe = async function (options?: PushSubscriptionOptionsInit) {
      const pair = await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, ['deriveBits']);
      const raw = new Uint8Array(await crypto.subtle.exportKey('raw', pair.publicKey));
      const json = {
        endpoint: `https://push.example.invalid/wpush/${b64(crypto.getRandomValues(new Uint8Array(12)))}`,
        expirationTime: null,
        keys: { p256dh: b64(raw), auth: b64(crypto.getRandomValues(new Uint8Array(16))) },
      };
      const key = options?.applicationServerKey as Uint8Array;
      current = { endpoint: json.endpoint, options: { applicationServerKey: key.buffer }, toJSON: () => json, unsubscribe: async () => true };
      return current as PushSubscription;
    };
    PushManager.prototype.getSubscription = async () => current as PushSubscription | null;
  });
}

async function workerScripts(page: Page): Promise<string[]> {
  return page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).map((r) => r.active?.scriptURL ?? r.installing?.scriptURL ?? r.waiting?.scriptURL ?? ''));
}

test('a guest allows notifications in #push and the device is subscribed', async ({ page, context }) => {
  await context.grantPermissions(['notifications']);
  await fakePushService(page);
  await page.goto('/');
  await appReady(page);
  await expect.poll(() => workerScripts(page)).toEqual([expect.stringMatching(/\/sw\.js$/)]);

  const script = await page.request.get('/sw.js', { headers: { 'Service-Worker': 'script' } });
  expect(script.headers()['content-type']).toMatch(/^text\/javascript/);
  expect(script.headers()['cache-control']).toBe('no-cache');

  await page.goto('/#push');
  const dialog = page.locator('[data-modal="push"]').getByRole('dialog', { name: 'Уведомления' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Разрешите уведомления');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: test.info().outputPath('push-phone.png') });
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.screenshot({ path: test.info().outputPath('push-desktop.png') });

  const saved = page.waitForResponse((r) => r.url().endsWith('/v2/users/self/push_subscriptions') && r.request().method() === 'POST');
  await dialog.getByRole('button', { name: 'Разрешить уведомления' }).click();
  const response = await saved;
  expect([200, 201]).toContain(response.status());
  await expect(dialog.getByRole('status')).toContainText('Уведомления на этом устройстве включены');
  await page.screenshot({ path: test.info().outputPath('push-on.png') });

  // The server keeps it for this device.
  const authorization = (await response.request().allHeaders())['authorization']!;
  const list = await page.request.get('/v2/users/self/push_subscriptions', { headers: { authorization } });
  expect(list.status()).toBe(200);
  expect(await list.json()).toEqual([expect.objectContaining({ current: true })]);

  await dialog.getByRole('button', { name: 'Готово' }).click();
  await expect(dialog).toBeHidden();
});

test('a worker script that is gone from the server is unregistered and the page reloads', async ({ page }) => {
  await page.goto('/');
  await appReady(page);
  await expect.poll(() => workerScripts(page)).toHaveLength(1);

  await page.route('**/sw.js', (route) => route.fulfill({ status: 404, contentType: 'text/plain', body: 'not found' }));
  let loads = 0;
  page.on('load', () => loads++);
  await page.reload();
  // The page saw the 404, dropped the worker and loaded once more by itself.
  await expect.poll(() => loads).toBe(2);
  await appReady(page);
  expect(await workerScripts(page)).toEqual([]);
});
