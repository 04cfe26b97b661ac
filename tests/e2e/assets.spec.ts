// The built app's files as the server sends them (issue 6, performance and CSP): JS, CSS and the shell pre-compressed
// (brotli when accepted, gzip when only gzip is; the build skips files under 1 KB), `Vary: Accept-Encoding`, hashed
// /assets cached for good and the
// shell, manifest and service worker revalidated; and no Content-Security-Policy violation (zod's eval probe) on the
// login screen or a signed-in screen.
import { expect, test, type APIRequestContext, type Page, type Response } from '@playwright/test';
import { signInAs } from './auth';

/** The scripts, module preloads and style sheets the shell (index.html) names. */
async function shellAssets(request: APIRequestContext): Promise<string[]> {
  const html = await (await request.get('/login', { headers: { 'accept-encoding': 'identity' } })).text();
  const urls = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]);
  return [...new Set(urls)];
}

test('JS, CSS and the shell arrive pre-compressed, brotli or gzip as accepted, hashed assets cached for good', async ({ request }) => {
  const assets = await shellAssets(request);
  expect(assets.some((u) => u.endsWith('.js'))).toBe(true);
  expect(assets.some((u) => u.endsWith('.css'))).toBe(true);
  for (const url of assets) {
    const plain = await request.get(url, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.status(), url).toBe(200);
    expect(plain.headers()['content-encoding'], url).toBeUndefined();
    const body = await plain.body();
    const small = body.length < 1024;
    for (const [accept, encoding] of [
      ['br, gzip, deflate', 'br'],
      ['gzip', 'gzip'],
    ] as const) {
      const res = await request.get(url, { headers: { 'accept-encoding': accept } });
      const h = res.headers();
      expect([res.status(), h['content-encoding']], `${url} with ${accept}`).toEqual([200, small ? undefined : encoding]);
      expect(h['content-type'], url).toMatch(url.endsWith('.js') ? /javascript/ : /text\/css/);
      expect(h['vary'], url).toMatch(/accept-encoding/i);
      expect(h['cache-control'], url).toBe('public, max-age=31536000, immutable');
      // The compressed copy is the same file (the request context decodes it).
      expect((await res.body()).equals(body), url).toBe(true);
    }
  }
});

test('the shell (also as the history fallback), the service worker and the manifest are revalidated, compressed when large', async ({ request }) => {
  for (const path of ['/', '/login', '/UserList', '/index.html']) {
    const res = await request.get(path, { headers: { 'accept-encoding': 'br, gzip' } });
    const h = res.headers();
    expect([res.status(), h['content-encoding'], h['cache-control']], path).toEqual([200, 'br', 'no-cache']);
    expect(h['content-type'], path).toMatch(/text\/html/);
    expect(await res.text(), path).toContain('<div id="root">');
  }
  const sw = await request.get('/sw.js', { headers: { 'accept-encoding': 'gzip' } });
  expect([sw.status(), sw.headers()['content-encoding'], sw.headers()['cache-control']]).toEqual([200, 'gzip', 'no-cache']);
  const manifest = await request.get('/manifest.webmanifest');
  expect([manifest.status(), manifest.headers()['cache-control']]).toEqual([200, 'no-cache']);
  // The build's manifest of chunks (for scripts/bundle-size.mjs) is not served.
  expect((await request.get('/.vite/manifest.json')).status()).toBe(404);
});

test('the browser receives the login route compressed', async ({ page }) => {
  const assets: Response[] = [];
  page.on('response', (r) => {
    if (/\/assets\/.+\.(js|css)$/.test(new URL(r.url()).pathname)) assets.push(r);
  });
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  expect(assets.length).toBeGreaterThan(2);
  for (const r of assets) {
    if ((await r.body()).length < 1024) continue;
    // Chromium offers br over HTTPS only; over plain HTTP it gets the gzip copy.
    expect(['br', 'gzip'], r.url()).toContain(r.headers()['content-encoding']);
  }
});

/** Collects CSP violations of a page: the DOM event and Chromium's console report ("Refused to evaluate ..."). */
async function watchCsp(page: Page): Promise<() => Promise<string[]>> {
  const console: string[] = [];
  page.on('console', (m) => {
    if (/content security policy|unsafe-eval|refused to/i.test(m.text())) console.push(m.text());
  });
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.effectiveDirective} ${e.blockedURI}`), true);
  });
  return async () => [...console, ...(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations))];
}

test('no Content-Security-Policy violation on the login screen or on signed-in screens', async ({ page }) => {
  const violations = await watchCsp(page);
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  expect(await violations()).toEqual([]);

  await signInAs(page, 'oih.analyst');
  // Home, then a list screen: the contracts' schemas (zod) are built and used by both.
  await expect(page.getByTestId('home-welcome')).toBeVisible();
  expect(await violations()).toEqual([]);
  await page.goto('/Product');
  await expect(page.getByTestId('breadcrumb')).toContainText('Products');
  await expect(page.getByRole('row').nth(1)).toBeVisible();
  expect(await violations()).toEqual([]);
});
