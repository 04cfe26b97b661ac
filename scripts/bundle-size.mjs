// Prints the gzip size of the JS that /login loads (the entry, its static imports, the login screen's chunk when it has
// one, and the English texts' chunk, each with their static imports) and of all JS, from the Vite manifest of a build: `node scripts/bundle-size.mjs [distDir]`.
// Needs `build.manifest: true` (vite.config.ts). Exits 1 when the login route is over the budget (BUDGET_KB, default 190).
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = path.resolve(process.argv[2] ?? 'dist');
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
const budgetKb = Number(process.env.BUDGET_KB ?? 190);

const gz = (file) => gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

/** The JS files a manifest chunk loads before it runs: itself and its static imports, transitively. */
function staticClosure(key, seen = new Set()) {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imp of manifest[key].imports ?? []) staticClosure(imp, seen);
  return seen;
}

const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry && k.endsWith('index.html'));
if (!entryKey) throw new Error('the entry (index.html) is not in the manifest');
// The login screen is its own chunk when it is loaded lazily; otherwise it is inside the entry.
const loginKey = Object.keys(manifest).find((k) => k.endsWith('features/auth/login-page.tsx'));

const keys = staticClosure(entryKey);
if (loginKey) staticClosure(loginKey, keys);
// The texts of the active language (English here) load before the first render.
const enKey = Object.keys(manifest).find((k) => k.endsWith('i18n/locale-en.ts'));
if (enKey) staticClosure(enKey, keys);
const loginFiles = [...new Set([...keys].map((k) => manifest[k].file))].filter((f) => f.endsWith('.js'));
const loginCss = [...new Set([...keys].flatMap((k) => manifest[k].css ?? []))];

const rows = loginFiles.map((f) => [f, gz(f)]).sort((a, b) => b[1] - a[1]);
const loginGz = rows.reduce((s, [, n]) => s + n, 0);
const allJs = readdirSync(path.join(dist, 'assets')).filter((f) => f.endsWith('.js'));
const totalGz = allJs.reduce((s, f) => s + gz(`assets/${f}`), 0);
const cssGz = loginCss.reduce((s, f) => s + gz(f), 0);

for (const [f, n] of rows) console.log(`  ${kb(n).padStart(10)}  ${f}`);
console.log(`login route JS: ${kb(loginGz)} gz in ${rows.length} files (budget ${budgetKb} KB); CSS ${kb(cssGz)} gz`);
console.log(`all JS: ${kb(totalGz)} gz in ${allJs.length} files`);
if (loginGz > budgetKb * 1024) process.exitCode = 1;
