// The README's start command on a fresh data folder: builds what is missing, migrates, seeds and serves on
// http://localhost:3000 with no database installed; a second start reuses the data; SIGTERM shuts down cleanly.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { login } from '@/shared/contracts/user';
import { ping } from '@/shared/contracts/system';

const dataDir = mkdtempSync(path.join(tmpdir(), 'sd-start-'));
const base = 'http://localhost:3000';
let child: ChildProcess | undefined;

function start(): ChildProcess {
  // DATABASE_URL is cleared: this test is about the embedded default.
  const env = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: '', PORT: '' };
  // What `npm start` runs, without npm in between, so the signal reaches the server itself.
  return spawn(process.execPath, ['scripts/start.mjs'], { env, stdio: ['ignore', 'inherit', 'inherit'] });
}

async function waitUp(timeoutMs = 240_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      const r = await fetch(base + ping.path);
      if (r.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('server did not come up');
}

async function stop(c: ChildProcess) {
  const exited = new Promise<number | null>((resolve) => c.once('exit', (code) => resolve(code)));
  c.kill('SIGTERM');
  return exited;
}

afterAll(async () => {
  if (child && child.exitCode === null && child.signalCode === null) await stop(child);
  rmSync(dataDir, { recursive: true, force: true });
});

describe('npm start', () => {
  it('serves the app and the API on port 3000 from an empty data folder, and again on a second start', async () => {
    child = start();
    await waitUp();
    const html = await (await fetch(base + '/Product')).text();
    expect(html).toContain('<div id="root">');
    const r = await fetch(base + login.path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ Number: 'admin', Password: 'Sales@123' }),
    });
    const body = await r.json();
    expect(body.code).toBe(1);
    expect(body.data.mustChangePassword).toBe(true);
    expect(await stop(child)).toBe(0);

    child = start();
    await waitUp();
    const again = await fetch(base + login.path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ Number: 'admin', Password: 'Sales@123' }),
    });
    expect((await again.json()).code).toBe(1);
    expect(await stop(child)).toBe(0);
  }, 400_000);
});
