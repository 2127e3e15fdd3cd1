import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { deflateSync } from 'node:zlib';
import { expect, test, type Page } from '@playwright/test';
import { authDialog, authNames, readOutboxCode } from './helpers/auth';
import { freshPhone, payOnSandbox } from './helpers/commerce';
import { consoleSignIn, consoleSignInWithCode, inviteAdmin } from './helpers/console';

// An operator goes from nothing to a viewer paying, in the console on the real binary: an
// admin signs in with a second factor, adds a channel from an M3U playlist, sets its guide
// source, makes a packet with a price and the channel, puts a new film with its poster on
// the home page; a viewer in another browser sees all of it within a minute and buys the
// packet with the sandbox's test card; the dashboard shows the sale, and support finds the
// viewer by phone and refunds the payment.

test.use({ locale: 'en-US', actionTimeout: 20_000 });
test.setTimeout(300_000);

const run = Date.now().toString(36).slice(-5);
const channelName = `E2E News ${run}`;
const guideId = `e2e-news-${run}`;
const packetName = `E2E Plus ${run}`;
const filmTitle = `E2E Premiere ${run}`;
const rowTitle = `E2E premieres ${run}`;

/** The operator's own servers: its XMLTV guide (here on the test's loopback). */
let guide: Server;
let guideURL = '';

function xmltv(): string {
  const at = (ms: number) => new Date(ms).toISOString().replace(/[-:T]/g, '').slice(0, 14) + ' +0000';
  const hour = 3_600_000;
  const start = Math.floor(Date.now() / hour) * hour - 2 * hour;
  const programmes = Array.from({ length: 8 }, (_, i) => {
    // The last programme has no stop: it ends where the next one would (here: dropped).
    const stop = i < 7 ? ` stop="${at(start + (i + 1) * hour)}"` : '';
    return `<programme start="${at(start + i * hour)}"${stop} channel="${guideId}"><title lang="en">E2E bulletin ${i + 1}</title></programme>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<tv><channel id="${guideId}"><display-name>${channelName}</display-name></channel>\n${programmes.join('\n')}\n</tv>\n`;
}

test.beforeAll(async () => {
  guide = createServer((req, res) => {
    if (req.url === '/guide.xml') {
      res.writeHead(200, { 'Content-Type': 'application/xml' });
      res.end(xmltv());
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => guide.listen(0, '127.0.0.1', resolve));
  guideURL = `http://127.0.0.1:${(guide.address() as AddressInfo).port}/guide.xml`;
});

test.afterAll(async () => {
  await new Promise((resolve) => guide.close(resolve));
});

/** CRC-32 (ISO-HDLC), as PNG chunks carry it. */
function crc32(data: Buffer): number {
  let c = 0xffffffff;
  for (const byte of data) {
    c ^= byte;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  }
  return (c ^ 0xffffffff) >>> 0;
}

/** A small PNG poster (a colour gradient), as a file chooser would give it. */
function posterPNG(): Buffer {
  // 120 x 180 RGB: IHDR, one deflated IDAT, IEND.
  const width = 120;
  const height = 180;
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const o = y * (width * 3 + 1);
    for (let x = 0; x < width; x++) rows.set([200, 40 + y, 90], o + 1 + x * 3);
  }
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), 8 + data.length);
    return out;
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Today's revenue on the dashboard's chart, in roubles (its text alternative says it). */
async function latestRevenue(page: Page): Promise<number> {
  // The charts have loaded when Sign-ups has; Revenue is there once anything was sold.
  await expect(page.getByRole('region', { name: 'Sign-ups' }).getByRole('img').first()).toBeVisible({ timeout: 20_000 });
  const chart = page.getByRole('region', { name: 'Revenue' }).getByRole('img').first();
  if ((await chart.count()) === 0) return 0;
  const label = (await chart.getAttribute('aria-label')) ?? (await chart.textContent()) ?? '';
  const latest = /latest RUB\s?([\d,.]+)/.exec(label.replace(/\u00a0/g, ' '));
  return latest ? Number(latest[1].replace(/,/g, '').replace(/\.$/, '')) : 0;
}

const section = (page: Page, name: RegExp) =>
  page.getByRole('navigation', { name: /Console sections/ }).getByRole('link', { name }).click();

test('an admin sets up a channel, its guide, a packet and a film; a viewer buys it; the dashboard shows the sale; support refunds', async ({
  page,
  browser,
}) => {
  // The owner invites an admin, who enrols an authenticator and then signs in with it.
  await consoleSignIn(page, 'admin@efir.example', 'efir24-admin');
  const adminContext = await browser.newContext({ locale: 'en-US' });
  const admin = await adminContext.newPage();
  const invited = await inviteAdmin(page, admin);
  await admin.getByRole('button', { name: /^Sign out$/ }).click();
  await consoleSignInWithCode(admin, invited.email, invited.password, invited.secret);

  // A channel from an M3U playlist: a DASH address beside it is reported, not offered.
  await section(admin, /^Channels and guide$/);
  await admin.getByRole('link', { name: /^Import M3U$/ }).click();
  await admin.getByLabel(/^Playlist$/).fill(
    [
      '#EXTM3U',
      `#EXTINF:-1 tvg-id="${guideId}" group-title="News",${channelName}`,
      `http://127.0.0.1:9/${guideId}/index.m3u8`,
      `#EXTINF:-1 tvg-id="${guideId}-dash",${channelName} DASH`,
      `http://127.0.0.1:9/${guideId}/manifest.mpd`,
      '',
    ].join('\n'),
  );
  await admin.getByRole('button', { name: /^Preview$/ }).click();
  await expect(admin.getByText(/Not HLS \(DASH/).first()).toBeVisible();
  await admin.getByRole('button', { name: /^Apply$/ }).click();
  await expect(admin.getByText(/^Imported: \d+ added/)).toBeVisible();

  // Its guide: the operator's XMLTV address, fetched now.
  await admin.getByRole('link', { name: /^Guide sources$/ }).click();
  await admin.getByLabel(/^Address$/).fill(guideURL);
  await admin.getByRole('button', { name: /^Add guide source$/ }).click();
  await admin.getByRole('button', { name: /^Fetch now/ }).first().click();
  await expect(admin.getByText(/The guide from .* is imported/)).toBeVisible({ timeout: 30_000 });

  // A packet with a price, holding the new channel.
  await section(admin, /^Packets and prices$/);
  await admin.getByRole('button', { name: /^New packet$/ }).or(admin.getByRole('link', { name: /^New packet$/ })).first().click();
  await admin.getByLabel(/^Name$/).fill(packetName);
  await admin.getByLabel(/^Period \(months\)$/).fill('1');
  await admin.getByLabel(/^Price/).first().fill('149');
  await admin.getByRole('button', { name: /^Save$/ }).first().click();
  await expect(admin.getByRole('heading', { level: 1, name: new RegExp(packetName) })).toBeVisible();
  await admin.getByLabel(/^Find a channel$/).fill(channelName);
  await admin.getByRole('checkbox', { name: new RegExp(`^\\d+\\. ${channelName}$`) }).check();
  await admin.getByLabel(/^On sale to viewers$/).check();
  await admin.getByRole('button', { name: /^Save$/ }).first().click();
  await expect(admin.getByText(/^Saved\. Viewers see the change at once\.$/)).toBeVisible();

  // A new film with its poster and video, on the home page in a row of its own at the top.
  await section(admin, /^Catalogue$/);
  await admin.getByRole('link', { name: /^New film$/ }).or(admin.getByRole('button', { name: /^New film$/ })).first().click();
  await admin.getByLabel(/^Title$/).fill(filmTitle);
  await admin.getByLabel(/^Description$/).fill('A film added by the operator in the console.');
  await admin.getByLabel(/^Year$/).fill('2026');
  await admin.getByLabel(/^Video address$/).fill('ch05');
  await admin.locator('input[type="file"]').first().setInputFiles({ name: 'poster.png', mimeType: 'image/png', buffer: posterPNG() });
  await admin.getByRole('button', { name: /^Save$/ }).click();
  await expect(admin.getByText(/^Created\./)).toBeVisible();
  await expect(admin.getByRole('button', { name: /^Use the generated poster$/ })).toBeVisible();
  await expect(admin.getByRole('img', { name: /^Current poster$/ })).toHaveAttribute('src', /catalog_images/);

  await section(admin, /^Home page and pages$/);
  await admin.getByRole('link', { name: /^Home$/ }).first().click();
  await admin.getByLabel(/^Row title$/).fill(rowTitle);
  // (Posters, the template a new row starts with.)
  await expect(admin.getByRole('combobox', { name: 'Template' })).toHaveValue('content-v');
  await admin.getByRole('button', { name: /^Add row$/ }).click();
  await admin.getByRole('button', { name: /^Add item$/ }).click();
  await admin.getByLabel(/^Find content$/).fill(filmTitle);
  await admin.getByRole('button', { name: `Add ${filmTitle}` }).click();
  await admin.getByRole('region', { name: `Row: ${rowTitle}` }).getByRole('button', { name: /^Save$/ }).click();
  await expect(admin.getByText(`The row ${rowTitle} is saved.`)).toBeVisible();
  // To the top: one step up at a time, each saved at once (the top row's button is off).
  // The button is also off while a move is saved (the list is busy then), so the top is told
  // by the first row of the list.
  const up = admin.getByRole('button', { name: `Move ${rowTitle} up` });
  const rows = admin.getByRole('list', { name: 'Rows', exact: true });
  const onTop = async () => ((await rows.getByRole('listitem').first().textContent()) ?? '').includes(rowTitle);
  for (let i = 0; i < 80 && !(await onTop()); i++) {
    await expect(rows).not.toHaveAttribute('aria-busy', /.*/);
    await expect(up).toBeEnabled();
    await Promise.all([
      admin.waitForResponse((r) => r.request().method() === 'PATCH' && /\/v2\/operator\/pages\/rowsets\/\d+$/.test(r.url())),
      up.click(),
    ]);
    await expect(rows).not.toHaveAttribute('aria-busy', /.*/);
  }
  await expect(up).toBeDisabled();

  await section(admin, /^Dashboard$/);
  const revenueBefore = await latestRevenue(admin);

  // A viewer, in another browser, within a minute: the film with its poster on the home
  // page, the channel with its guide, and the packet offered on it.
  const viewerContext = await browser.newContext({ locale: 'en-US' });
  const viewer = await viewerContext.newPage();
  const homeRow = viewer.locator('main [data-row-id]').filter({ hasText: rowTitle }).first();
  await expect(async () => {
    await viewer.goto('/');
    await expect(homeRow).toBeVisible({ timeout: 5_000 });
    await expect(homeRow.getByRole('link', { name: new RegExp(filmTitle) }).first()).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 60_000 });
  await expect(homeRow.locator('img').first()).toHaveAttribute('src', /catalog_images/);

  await viewer.goto('/channels');
  await viewer.getByLabel(/^(Search channels|Поиск каналов)$/).fill(channelName);
  await viewer.getByRole('link', { name: new RegExp(channelName) }).first().click();
  await expect(viewer.getByText(/E2E bulletin \d/).first()).toBeVisible({ timeout: 20_000 });
  const panel = viewer.locator('[data-channel-panel="packets"]');
  await expect(panel).toContainText(packetName, { timeout: 20_000 });
  await expect(panel).toContainText('149');
  await panel.locator('li, div').filter({ hasText: new RegExp(`^${packetName}`) }).getByRole('button', { name: /Buy|Купить/ }).first().click();

  // Signs in by phone, pays 149 by card on the sandbox's page, and holds the packet.
  const phone = freshPhone();
  const dialog = authDialog(viewer);
  await expect(dialog).toBeVisible();
  const after = Math.floor(Date.now() / 1000) - 1;
  await dialog.getByLabel(authNames.phone).fill(phone);
  await dialog.getByRole('button', { name: authNames.sendCode }).click();
  await dialog.getByLabel(authNames.code).fill(await readOutboxCode(viewer.request, new URL(viewer.url()).origin, phone, { after }));
  await dialog.getByRole('button', { name: authNames.confirm }).click();
  await viewer.getByRole('button', { name: /Bank card|Банковская карта/ }).click();
  await viewer.getByRole('button', { name: /Go to payment|Перейти к оплате/ }).click();
  await payOnSandbox(viewer, '4242 4242 4242 4242');
  await expect(viewer.locator('[data-channel-panel="packets"]')).toHaveCount(0, { timeout: 30_000 });

  // The dashboard shows the sale (its figures are counted every minute): today's revenue
  // grows by at least its 149.
  await expect(async () => {
    await admin.reload();
    expect(await latestRevenue(admin)).toBeGreaterThanOrEqual(revenueBefore + 149);
  }).toPass({ timeout: 100_000 });

  // Support finds the viewer by phone and refunds the payment in full.
  await page.getByRole('button', { name: /^Sign out$/ }).click();
  await consoleSignIn(page, 'support@efir.example', 'efir24-staff');
  await section(page, /^Subscribers$/);
  await page.getByLabel(/^Find a subscriber$/).fill(phone.slice(0, 8));
  await page.getByRole('button', { name: /^Find$/ }).click();
  await page.getByRole('row').filter({ hasText: phone }).getByRole('link').first().click();
  await expect(page.getByRole('table', { name: /Subscriptions of the subscriber/ }).getByRole('row', { name: new RegExp(packetName) })).toBeVisible();
  const payments = page.getByRole('table', { name: /Payments of the subscriber/ });
  const payment = payments.getByRole('row').filter({ hasText: /149/ }).first();
  await payment.getByRole('button', { name: /^Refund/ }).click();
  await page.getByLabel(/^Amount, RUB$/).fill('149');
  await page.getByLabel(/^Reason$/).fill('Asked for a refund');
  await page.getByRole('button', { name: /^Refund the payment$/ }).click();
  await expect(page.getByText(/refunded\.$/).first()).toBeVisible();

  await adminContext.close();
  await viewerContext.close();
});
