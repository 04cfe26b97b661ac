// Browser tests (DESIGN §8): the system Chromium against the BUILT app served by the REAL server (tests/e2e/global-setup.ts
// builds the app and starts src/server/main.ts on a fresh database). The first-sign-in project runs before the others:
// it is the one test that needs admin's initial password untouched; every other spec signs in through tests/e2e/auth.ts.
import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT || 4123);
process.env.E2E_PORT = String(port);

export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/global-setup.ts',
  workers: 1,
  fullyParallel: false,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  forbidOnly: true,
  reporter: [['list']],
  // One folder per port, so two runs side by side do not delete each other's traces.
  outputDir: `test-results/e2e-${port}`,
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    headless: true,
    locale: 'en-US',
    serviceWorkers: 'allow',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  projects: [
    { name: 'first-sign-in', testMatch: /first-sign-in\.spec\.ts$/ },
    { name: 'chromium', testMatch: /\.spec\.ts$/, testIgnore: /first-sign-in\.spec\.ts$/, dependencies: ['first-sign-in'] },
  ],
});
