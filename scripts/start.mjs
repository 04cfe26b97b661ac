// `npm start`: builds the app when the build is missing or older than its sources, then runs the server
// (migrate, seed, serve on PORT, default 3000) on the embedded database unless DATABASE_URL is set.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);

function newest(dir) {
  let t = 0;
  if (!existsSync(dir)) return t;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    t = Math.max(t, e.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return t;
}

const built = path.join(root, 'dist', 'index.html');
const sources = Math.max(...['src/app', 'src/shared', 'sw', 'locales', 'public'].map((d) => newest(path.join(root, d))), statSync('vite.config.ts').mtimeMs);
if (!existsSync(built) || statSync(built).mtimeMs < sources) {
  console.log('Building the app…');
  // Always the production build: a NODE_ENV inherited from the shell (or a test runner's "test") would bundle React's
  // development build, half again as large.
  const r = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

const { register } = await import('tsx/esm/api');
register();
await import('../src/server/main.ts');
