import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3100);
/** Chromium's headless shell, as Playwright itself runs headless Chromium: lighter than the full browser (the browser tests took a quarter less time). */
const chromium = ['/usr/lib/chromium/chromium-headless-shell', '/usr/lib/chromium/chromium', '/usr/bin/chromium'].find((p) => existsSync(p));
if (!chromium) throw new Error('Chromium is required for the browser tests: apt-get install -y chromium-headless-shell');

const browser = { ...devices['Desktop Chrome'], channel: undefined };
const demoDomainSpecs = [/dnssec\.spec\.ts/, /risky-changes\.spec\.ts/];
const demoSessionSpecs = [/login\.spec\.ts/, /mfa\.spec\.ts/, /account-info\.spec\.ts/, /admin-support\.spec\.ts/];
// Pauses a registry connection for a while (its extensions stop selling): alone, after the rest, like those above.
const registrySpecs = [/registries\.spec\.ts/];

export const e2eDemo = { password: 'demo-password-e2e', totpSecret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP' };
/** The e2e server's sandbox EPP server (the product buys through it) and two of README's sandbox registry logins. */
export const e2eSandboxEpp = {
  port: port + 1,
  verisign: { clID: 'dotspot-vrsn', password: 'sandbox-verisign' },
  identityDigital: { clID: 'dotspot-idig', password: 'sandbox-identity-digital' },
};

export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  retries: 0,
  workers: 2,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://localhost:${port}`,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: chromium,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
  },
  projects: [
    { name: 'chromium', testIgnore: [...demoDomainSpecs, ...demoSessionSpecs, ...registrySpecs], use: browser },
    // These specs change a demo domain other specs read (its nameservers) or how the shared demo account signs in (its
    // login email, its methods, its password; a login change signs its other sessions out): each runs alone, after
    // the rest, so no other spec sees the change or loses its session.
    ...[...demoDomainSpecs, ...demoSessionSpecs, ...registrySpecs].map((spec, index) => ({
      name: `demo alone ${index + 1}`,
      testMatch: spec,
      dependencies: [index === 0 ? 'chromium' : `demo alone ${index}`],
      use: browser,
    })),
  ],
  webServer: {
    command: 'rm -rf .data/e2e && bun api/start.ts',
    url: `http://localhost:${port}/api/tlds?limit=1`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    env: {
      PORT: String(port),
      DATA_DIR: '.data/e2e',
      SANDBOX_EPP_PORT: String(e2eSandboxEpp.port),
      DEMO_PASSWORD: e2eDemo.password,
      DEMO_TOTP_SECRET: e2eDemo.totpSecret,
      NODE_ENV: 'production',
      // Specs' visitors each come from an address of their own (X-Forwarded-For, checkout-helpers.ts), as real buyers do.
      TRUSTED_PROXIES: '127.0.0.1,::1',
      // Test escrow keys (made for tests only): the Escrow screen's spec makes deposits into the data folder.
      ESCROW_AGENT_KEY_FILE: 'tests/fixtures/escrow-e2e/agent.asc',
      ESCROW_SIGNING_KEY_FILE: 'tests/fixtures/escrow-e2e/signing.asc',
      ESCROW_SIGNING_KEY_PASSPHRASE: 'escrow-signing-pass',
      ESCROW_DIR: '.data/e2e/escrow',
    },
  },
});
