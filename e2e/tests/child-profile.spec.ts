import { expect, test, type Page } from '@playwright/test';
import { appReady } from './helpers/app';
import { authNames, menuProfile, setParentalPin, signInWithPassword } from './helpers/auth';
import { contentSlug } from './helpers/catalog';
import { storedToken } from './helpers/tv';

// A child profile cannot reach an 18+ channel (or film) by any route the browser offers:
// the channel page, the channel embed, the line-up, the guide, search, the content embed,
// and the ways out of the profile (another device's sign-in, a device registered from the
// child profile, the profile switch without the PIN). Every stream answer for them is
// watched: none may succeed. The demo subscriber holds the 18+ channel «Ночной клуб» (38)
// and the 18+ film «Ночной клуб»; the PIN is the one the other journeys use.

const PIN = '4826';
const ADULT_CHANNEL = 38;
const CHILD_NAME = 'Дети e2e';

test('a child profile cannot reach an 18+ channel or film by any route of the browser', async ({ page }) => {
  await page.goto('/');
  await appReady(page);
  await signInWithPassword(page, 'demo', 'efir24');
  const adultToken = await setParentalPin(page, PIN);
  const filmSlug = await contentSlug(page, 'Ночной клуб', 'movie');
  const headers = { Authorization: `Token ${adultToken}` };
  // Room for two more devices (other journeys sign the demo subscriber in too): the
  // oldest others are signed out, as the web client does at the limit.
  const self = (await (await page.request.get('/v2/users/self', { headers })).json()) as { device_limit: number };
  const devices = (await (await page.request.get('/v2/users/self/devices', { headers })).json()) as {
    id: number;
    is_current: boolean;
    login_at: string;
  }[];
  const others = devices.filter((d) => !d.is_current).sort((a, b) => Date.parse(a.login_at) - Date.parse(b.login_at));
  for (const d of others.slice(0, Math.max(0, devices.length - (self.device_limit - 2)))) {
    expect((await page.request.delete(`/v2/users/self/devices/${d.id}`, { headers })).status()).toBe(204);
  }
  // Another device of the account (the parents' TV).
  const tv = await page.request.post('/v2/users/self/devices', {
    headers,
    data: { serial: `e2e-parents-tv-${Date.now()}`, device_type: 'tv' },
  });
  expect(tv.status()).toBe(201);
  const parentsTv = ((await tv.json()) as { id: number }).id;

  // The child profile (made once per server), switched to in the account menu: no PIN asked.
  type Profile = { id: number; name: string; role: string };
  const profiles = (await (await page.request.get('/v2/users/self/profiles', { headers })).json()) as Profile[];
  let kid = profiles.find((p) => p.name === CHILD_NAME) ?? profiles.find((p) => p.role === 'child');
  if (!kid) {
    const created = await page.request.post('/v2/users/self/profiles', { headers, data: { name: CHILD_NAME, role: 'child' } });
    expect(created.status()).toBe(201);
    kid = (await created.json()) as Profile;
  }
  await page.reload();
  await appReady(page);
  await page.getByRole('button', { name: authNames.accountMenu }).click();
  await menuProfile(page, kid.name).click();
  await expect(page.locator('[data-modal="pincode"]')).toHaveCount(0);
  await expect(page.getByRole('button', { name: authNames.accountMenu })).toContainText(kid.name);

  // From here on, every stream answer of the 18+ channel or film is noted.
  const granted: string[] = [];
  page.on('response', (r) => {
    const url = r.url();
    if ((url.includes(`/v2/channels/${ADULT_CHANNEL}/stream`) || /\/v2\/libraries\/\d+\/contents\/[^/]+\/stream/.test(url)) && r.ok()) {
      granted.push(url);
    }
  });

  // The channel page and the channel embed: not found.
  await page.goto('/channels/adult/night');
  await expect(page.getByText('Канал не найден').first()).toBeVisible({ timeout: 20_000 });
  await expect(page.locator('[data-modal="pincode"]')).toHaveCount(0);
  await page.goto(`/channel_embed/${ADULT_CHANNEL}`);
  await expect(page.getByTestId('channel-embed').getByText('Канал не найден')).toBeVisible({ timeout: 20_000 });

  // The line-up and the guide do not list it.
  await page.goto('/channels');
  await expect(page.locator('[data-channel-id]').first()).toBeVisible({ timeout: 20_000 });
  await expect(page.locator(`[data-channel-id="${ADULT_CHANNEL}"]`)).toHaveCount(0);
  await page.goto('/guide');
  await expect(page.getByTestId('guide-grid')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('guide-grid').getByText('Ночной клуб', { exact: true })).toHaveCount(0);

  // Search finds neither the channel nor the film.
  await page.goto(`/search?q=${encodeURIComponent('ночной клуб')}`);
  await expect(page.getByRole('main')).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('main').getByRole('link', { name: /Ночной клуб/ })).toHaveCount(0);

  // The film's page, its player and its embed refuse it.
  for (const path of [`/contents/${filmSlug}`, `/watch/${filmSlug}`, `/content_embed/${filmSlug}?ignore_parental_control=1`]) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    await expect(page.locator('[data-player-state="playing"]')).toHaveCount(0);
  }

  // The ways out of the profile through devices: the page's own token cannot sign in the
  // parents' TV, nor a device it registers; its own device stays on the child profile.
  const childToken = await storedToken(page);
  const child = { Authorization: `Token ${childToken}` };
  const takeOver = await page.request.post('/v2/auth/device', { headers: child, data: { device_id: parentsTv } });
  expect(takeOver.status()).toBe(403);
  const fresh = await page.request.post('/v2/users/self/devices', { headers: child, data: { serial: `e2e-kid-${Date.now()}`, device_type: 'pc' } });
  expect(fresh.status()).toBe(201);
  const freshSignIn = await page.request.post('/v2/auth/device', { headers: child, data: { device_id: ((await fresh.json()) as { id: number }).id } });
  expect(freshSignIn.status()).toBe(403);
  const removeTv = await page.request.delete(`/v2/users/self/devices/${parentsTv}`, { headers: child });
  expect(removeTv.status()).toBe(403);
  const direct = await page.request.get(`/v2/channels/${ADULT_CHANNEL}/stream`, { headers: child });
  expect(direct.status()).toBe(404);

  // The profile switch to the adult asks for the PIN; closing it keeps the child profile.
  await page.goto('/');
  await appReady(page);
  await page.getByRole('button', { name: authNames.accountMenu }).click();
  await menuProfile(page, 'Демо').click();
  const pincode = page.locator('[data-modal="pincode"]').getByRole('dialog');
  await expect(pincode).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(pincode).toBeHidden();
  const active = await page.request.get('/v2/users/self/profile', { headers: child });
  expect(((await active.json()) as { role: string }).role).toBe('child');

  expect(granted, 'stream answers granted to the child profile').toEqual([]);
});
