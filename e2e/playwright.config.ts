import { defineConfig } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

// The journeys run against the real binary on a fresh database with the demo
// operator, in Debian's Chromium (never a browser downloaded by Playwright).
const port = Number(process.env.EFIR_E2E_PORT ?? 18080);
// The runner makes the data directory once; its workers inherit it (journeys run
// efir commands, such as renew, on the server's database).
const dataDir = process.env.EFIR_E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'efir-e2e-'));
process.env.EFIR_E2E_DATA_DIR = dataDir;
export const baseURL = `http://127.0.0.1:${port}`;
/** The journeys that sign in as the seeded viewer "demo". */
const demoViewerJourneys = /(^|\/)(auth|catalog|child-profile|embed-content|messages|tv)\.spec\.ts$/;

export default defineConfig({
  testDir: './tests',
  timeout: 90_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  // Two lanes on the one server: the journeys of the shared demo viewer (its devices,
  // profiles, PIN and messages change as they go) one after another, and beside them the
  // journeys of guests and viewers each signs up for itself. The journeys are bound by the
  // processor: on two cores, more lanes or a balanced split measured no faster.
  workers: Number(process.env.EFIR_E2E_WORKERS ?? 2),
  projects: [
    { name: 'demo-viewer', testMatch: demoViewerJourneys, workers: 1 },
    { name: 'own-viewers', testIgnore: demoViewerJourneys, workers: 1 },
  ],
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL,
    locale: 'ru-RU',
    viewport: { width: 1366, height: 900 },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.EFIR_CHROMIUM ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-dev-shm-usage'],
    },
  },
  webServer: {
    command: `${process.env.EFIR_BIN ?? '../bin/efir'} serve`,
    url: `${baseURL}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    // Server logs only when asked for (EFIR_E2E_LOG=1): they drown the report.
    stdout: process.env.EFIR_E2E_LOG ? 'pipe' : 'ignore',
    stderr: process.env.EFIR_E2E_LOG ? 'pipe' : 'ignore',
    env: {
      EFIR_ADDR: `127.0.0.1:${port}`,
      EFIR_DATA_DIR: dataDir,
      EFIR_DEV: 'true',
      // Every test is a new browser, so a new guest from 127.0.0.1.
      EFIR_GUESTS_PER_HOUR: '1000',
      // Every journey draws its pictures from the one address 127.0.0.1.
      EFIR_ARTWORK_DRAWS_PER_MINUTE: '100000',
      EFIR_PUBLIC_URL: baseURL,
      EFIR_LOG_FORMAT: 'text',
      // A second operator beside the demo one, for the networks 10.77.0.0/16: the billing
      // journey's viewers and staff are its own (their browsers say X-Forwarded-For
      // 10.77.0.x, believed from the loopback), so it never touches the demo operator.
      EFIR_PROVIDERS_FILE: fileURLToPath(new URL('./fixtures/providers.json', import.meta.url)),
      EFIR_TRUSTED_PROXIES: '127.0.0.1/32',
      EFIR_FETCH_ALLOW_NETWORKS: '127.0.0.1/32',
    },
  },
});
