import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { signInByPhone } from './helpers/auth';
import { api, balanceOf, freshPhone } from './helpers/commerce';
import { totp } from './helpers/console';

// An operator whose own billing keeps the viewers' money, on the real binary with the
// reference receiver of examples/billing as that billing. The operator "Billing Test"
// (e2e/fixtures/providers.json) serves 10.77.0.0/16: its staff and viewers come from
// there (X-Forwarded-For, believed from the loopback), so the demo operator's journeys
// running beside this one never meet it.
//
// Its first owner is made by `efir operator add-admin`, enrols a second factor, makes two
// packets and connects the billing in Integrations. A viewer signs up (AUTH), sees the
// billing's balance (BALANCE), buys a packet from it (PACKET: charged and allowed), is
// refused another with the billing's own reason, and switches a renewal off while the
// billing is down (DELETE_SUBSCRIPTION waits in the queue; the console's Resend delivers
// it once the billing is back). The console's callback log shows every callback.

test.use({ locale: 'en-US', actionTimeout: 20_000 });
test.setTimeout(180_000);

/** The operator's networks: staff and viewers each from their own address. */
const staffNet = { 'X-Forwarded-For': '10.77.0.9' };
const viewerNet = { 'X-Forwarded-For': '10.77.0.5' };
/** What a new subscriber has in the billing (minor units): 500 ₽. */
const startBalance = 50_000;
const refusal = 'This packet cannot be connected to your contract.';

const efirBin = process.env.EFIR_BIN ?? '../bin/efir';
/** The receiver's build and state file (made by beforeAll). */
let work = '';
const receiverBin = () => join(work, 'billing');
const stateFile = () => join(work, 'billing.json');

/** The reference receiver, started as an operator would start it. */
class Receiver {
  log = '';
  private exited = false;
  private constructor(private readonly proc: ChildProcess) {
    const keep = (chunk: Buffer) => (this.log += chunk.toString());
    proc.stdout?.on('data', keep);
    proc.stderr?.on('data', keep);
    proc.on('exit', () => (this.exited = true));
  }

  static async start(port: number, secret: string, extra: string[] = []): Promise<Receiver> {
    const proc = spawn(
      receiverBin(),
      ['-listen', `127.0.0.1:${port}`, '-secret', secret, '-state', stateFile(), '-balance', String(startBalance), ...extra],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    const r = new Receiver(proc);
    await expect
      .poll(() => (r.exited ? 'exited' : /listening on/.test(r.log) ? 'up' : ''), { timeout: 10_000, message: 'the billing starts' })
      .toBe('up');
    // Listening for real (the line is printed just before the socket opens).
    await expect.poll(() => fetch(`http://127.0.0.1:${port}/`).then((res) => res.status, () => 0), { timeout: 10_000 }).toBe(405);
    return r;
  }

  async stop(): Promise<void> {
    if (this.exited) return;
    const gone = new Promise((done) => this.proc.once('exit', done));
    this.proc.kill('SIGTERM');
    await gone;
  }

  /** The log lines of answered callbacks of kind. */
  answered(kind: string): string[] {
    return this.log.split('\n').filter((l) => l.includes(` ${kind} `) && !l.includes(' again:'));
  }
}

interface BillingState {
  balances: Record<string, number>;
  charges: Record<string, number>;
}

const billingState = (): BillingState => JSON.parse(readFileSync(stateFile(), 'utf8')) as BillingState;

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const s = createServer();
    s.once('error', fail);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as AddressInfo;
      s.close(() => done(port));
    });
  });
}

let receiver: Receiver | undefined;

test.beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'efir-billing-'));
  // Built once from the repository, as an operator would build it.
  execFileSync('go', ['build', '-o', receiverBin(), './examples/billing'], { cwd: resolve('..'), stdio: 'pipe' });
});

test.afterAll(async () => {
  await receiver?.stop();
  if (work) rmSync(work, { recursive: true, force: true });
});

const section = (page: Page, name: RegExp) =>
  page.getByRole('navigation', { name: /Console sections/ }).getByRole('link', { name }).click();

/** A packet with one monthly price, put on sale (the console's Packets and prices). */
async function newPacket(owner: Page, name: string, kind: 'base' | 'addon', rubles: string): Promise<void> {
  await section(owner, /^Packets and prices$/);
  await owner.getByRole('button', { name: /^New packet$/ }).or(owner.getByRole('link', { name: /^New packet$/ })).first().click();
  await owner.getByLabel(/^Name$/).fill(name);
  await owner.getByLabel(/^Kind$/).selectOption(kind);
  await owner.getByLabel(/^Period \(months\)$/).fill('1');
  await owner.getByLabel(/^Price/).first().fill(rubles);
  await owner.getByRole('button', { name: /^Save$/ }).first().click();
  await expect(owner.getByRole('heading', { level: 1, name: new RegExp(name) })).toBeVisible();
  await owner.getByLabel(/^On sale to viewers$/).check();
  await owner.getByRole('button', { name: /^Save$/ }).first().click();
  await expect(owner.getByText(/^Saved\. Viewers see the change at once\.$/)).toBeVisible();
}

/**
 * The viewer buys the packet name on /packets: the confirmation says it is paid from the
 * balance, shows that balance, and its Pay button carries the price.
 */
async function buyFromBalance(viewer: Page, name: string, price: RegExp, balance: RegExp): Promise<void> {
  await viewer.goto('/packets');
  const card = viewer.locator('article[data-packet-id]').filter({ hasText: name });
  await card.getByRole('button', { name: /^(Subscribe|Try)$/ }).click();
  const confirm = viewer.locator('[data-modal="confirm"]');
  await expect(confirm.getByRole('dialog')).toBeVisible();
  await expect(confirm).toContainText(/will be paid from your balance/);
  await expect(confirm).toContainText(balance);
  await confirm.getByRole('button', { name: price }).click();
}

test('an operator connects its billing: sign-in, balance, a charged and a refused purchase, and a renewal switched off reach the reference receiver, with a resend after downtime', async ({
  browser,
  request,
}) => {
  const run = (Date.now().toString(36) + Math.random().toString(36).slice(2, 4)).slice(-6);
  const tvName = `Contract TV ${run}`;
  const sportName = `Contract Sport ${run}`;
  const ownerEmail = `owner-${run}@billing-test.example`;

  // The first owner: efir operator add-admin prints the one-time set-up link.
  const printed = execFileSync(efirBin, ['operator', 'add-admin', '-provider', 'e2ebill', '-email', ownerEmail], {
    env: { ...process.env, EFIR_DATA_DIR: process.env.EFIR_E2E_DATA_DIR ?? '' },
    encoding: 'utf8',
  });
  const setup = /\/operator\/setup\?token=\S+/.exec(printed)?.[0];
  expect(setup, printed).toBeTruthy();

  // The password, then the authenticator (an owner must have one) and the recovery codes.
  const ownerContext = await browser.newContext({ locale: 'en-US', extraHTTPHeaders: staffNet });
  const owner = await ownerContext.newPage();
  const password = 'the billing owner password';
  await owner.goto(setup!);
  await owner.getByLabel(/^New password$/).fill(password);
  await owner.getByLabel(/^Repeat the password$/).fill(password);
  await owner.getByRole('button', { name: /^Set the password$/ }).click();
  await owner.getByLabel(/^Password$/).fill(password);
  await owner.getByRole('button', { name: /^Sign in$/ }).click();
  await expect(owner.getByRole('img', { name: /QR/ })).toBeVisible();
  const authenticator = (await owner.getByTestId('totp-secret').textContent())!.replace(/\s+/g, '');
  await owner.getByLabel(/^Code$/).fill(totp(authenticator));
  await owner.getByRole('button', { name: /^Confirm$/ }).click();
  await expect(owner.getByText(/Recovery codes/).first()).toBeVisible();
  await owner.getByRole('button', { name: /I saved them|Codes saved/ }).click();
  await expect(owner.getByRole('navigation', { name: /Console sections/ })).toBeVisible();

  // Two packets: a base one for 149 ₽ and an add-on for 99 ₽.
  await newPacket(owner, tvName, 'base', '149');
  await newPacket(owner, sportName, 'addon', '99');

  // Integrations: the callback address of the billing, callbacks on; the secret shows once.
  const port = await freePort();
  await section(owner, /^Integrations$/);
  const billing = owner.getByRole('region', { name: 'Billing callbacks' });
  await billing.getByLabel(/^Callback address/).fill(`http://127.0.0.1:${port}/efir`);
  await billing.getByLabel(/^Send callbacks$/).check();
  await billing.getByRole('button', { name: /^Save$/ }).click();
  await expect(owner.getByText('The callback settings are saved.')).toBeVisible();
  const shown = billing.getByLabel(/^Signing secret$/);
  if (!(await shown.isVisible())) {
    // A server kept from an earlier run has a secret already: a new one is shown once too.
    await billing.getByRole('button', { name: /^Make a new secret$/ }).click();
    await billing.getByRole('button', { name: /^Make a new secret$/ }).last().click();
  }
  const secret = await shown.inputValue();
  expect(secret.length).toBeGreaterThan(20);
  await billing.getByRole('button', { name: /^Close$/ }).click();
  await expect(billing.getByText(/A secret is set\. It is never shown again/)).toBeVisible();

  receiver = await Receiver.start(port, secret);

  // A viewer on the operator's network signs up by phone: the billing is asked (AUTH).
  const viewerContext = await browser.newContext({ locale: 'en-US', extraHTTPHeaders: viewerNet });
  const viewer = await viewerContext.newPage();
  const network = async (r: APIRequestContext) =>
    ((await (await r.get('/v2/users/self/network')).json()) as { provider: { name: string } }).provider.name;
  expect(await network(viewer.request)).toBe('Billing Test');
  // (Everybody else, the other journeys included, stays with the demo operator.)
  expect(await network(request)).toBe('Efir Demo');
  await viewer.goto('/');
  await signInByPhone(viewer, freshPhone());
  await expect.poll(() => receiver!.answered('AUTH').length, { message: 'AUTH reached the billing' }).toBeGreaterThan(0);
  expect(receiver.answered('AUTH')[0]).toContain('{"allow":true}');
  const userId = /AUTH \S+ user (\d+)/.exec(receiver.answered('AUTH')[0])![1];

  // The balance the apps show is the billing's (BALANCE).
  expect(await balanceOf(viewer)).toBe(startBalance);
  await expect.poll(() => receiver!.answered('BALANCE').length).toBeGreaterThan(0);
  expect(receiver.answered('BALANCE')[0]).toContain(`{"balance":${startBalance},"currency":"RUB"}`);

  // The packet from that balance: the billing charges 149 ₽ and allows (PACKET).
  await buyFromBalance(viewer, tvName, /^Pay \D*149(?!\d)/, /Your balance: \D*500(?!\d)/);
  await expect(viewer.getByText('Done! The subscription is active.').first()).toBeVisible({ timeout: 20_000 });
  const left = startBalance - 14_900;
  const held = async () =>
    (await api<{ id: number; renew: boolean; packet: { name: string } }[]>(viewer, 'GET', '/v2/users/self/subscriptions/current')).body;
  const tv = (await held()).find((s) => s.packet.name === tvName);
  expect(tv?.renew).toBe(true);
  await expect.poll(() => receiver!.answered('PACKET').length).toBe(1);
  expect(receiver.answered('PACKET')[0]).toContain(`user ${userId} `);
  expect(receiver.answered('PACKET')[0]).toContain(`{"allow":true,"balance":${left},"currency":"RUB"}`);
  expect(await balanceOf(viewer)).toBe(left);
  expect(billingState().balances[userId]).toBe(left);
  expect(Object.values(billingState().charges)).toEqual([14_900]);

  // The billing restarts refusing the add-on (its balances kept in its state file): the
  // viewer sees the billing's reason and nothing is charged or granted.
  await receiver.stop();
  receiver = await Receiver.start(port, secret, ['-deny-packet', sportName]);
  await buyFromBalance(viewer, sportName, /^Pay \D*99(?!\d)/, /Your balance: \D*351(?!\d)/);
  await expect(viewer.getByText(refusal).first()).toBeVisible({ timeout: 20_000 });
  await expect.poll(() => receiver!.answered('PACKET').length).toBe(1);
  expect(receiver.answered('PACKET')[0]).toContain(`{"allow":false,"reason":"${refusal}"}`);
  expect((await held()).map((s) => s.packet.name)).not.toContain(sportName);
  expect(await balanceOf(viewer)).toBe(left);
  expect(billingState().balances[userId]).toBe(left);
  expect(Object.values(billingState().charges)).toEqual([14_900]);

  // The billing goes down, and meanwhile the viewer switches the renewal off in the
  // account: the notice (DELETE_SUBSCRIPTION) waits in Efir's queue with its failed try.
  await receiver.stop();
  await viewer.goto('/settings/subscriptions');
  const item = viewer.getByRole('listitem').filter({ hasText: tvName }).last();
  await expect(item).toBeVisible({ timeout: 20_000 });
  await item.getByRole('button', { name: /^Change period/ }).click();
  await viewer.locator('[data-modal="subscription"]').getByRole('button', { name: /^Turn off renewal$/ }).click();
  await viewer.locator('[data-modal="confirm"]').getByRole('button', { name: /^Turn off$/ }).click();
  await expect.poll(async () => (await held()).find((s) => s.id === tv!.id)?.renew).toBe(false);

  const log = owner.getByRole('table', { name: 'Callbacks to your billing, the newest first' });
  // (This viewer's callbacks: a server kept from an earlier run has that run's too.)
  const row = (kind: string, state: string) =>
    log
      .getByRole('row')
      .filter({ has: owner.getByRole('rowheader', { name: new RegExp(`^${kind} #\\d+$`) }) })
      .filter({ has: owner.getByRole('cell', { name: userId, exact: true }) })
      .filter({ has: owner.getByText(state, { exact: true }) });
  const waiting = row('DELETE_SUBSCRIPTION', 'Waiting');
  await expect(async () => {
    await owner.reload();
    await expect(waiting).toContainText(/connection refused/, { timeout: 3_000 });
  }).toPass({ timeout: 30_000 });

  // The billing is back (its balances kept): Resend in the console delivers the notice now.
  receiver = await Receiver.start(port, secret);
  await waiting.getByRole('button', { name: /^Resend callback \d+$/ }).click();
  await expect(owner.getByText(/^Callback \d+ was sent again: Delivered\.$/)).toBeVisible();
  await expect.poll(() => receiver!.answered('DELETE_SUBSCRIPTION').length, { message: 'DELETE_SUBSCRIPTION reached the billing' }).toBe(1);
  expect(receiver.answered('DELETE_SUBSCRIPTION')[0]).toContain(`user ${userId} `);
  expect(billingState().balances[userId]).toBe(left);

  // The console's log of callbacks shows each of them with the billing's answers.
  await owner.reload();
  await expect(row('DELETE_SUBSCRIPTION', 'Delivered')).toHaveCount(1);
  // (Each entry keeps the body it sent and its tries: the renewal was switched off.)
  await expect(row('DELETE_SUBSCRIPTION', 'Delivered')).toContainText('"reason":"renewal_off"');
  await expect(row('DELETE_SUBSCRIPTION', 'Delivered').getByRole('cell').nth(3)).toHaveText('2');
  expect(await row('AUTH', 'Delivered').count()).toBeGreaterThan(0);
  expect(await row('BALANCE', 'Delivered').count()).toBeGreaterThan(0);
  await expect(row('PACKET', 'Delivered')).toHaveCount(1);
  await expect(row('PACKET', 'Refused')).toHaveCount(1);
  await expect(row('PACKET', 'Refused')).toContainText(refusal);

  await viewerContext.close();
  await ownerContext.close();
});
