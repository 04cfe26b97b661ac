// `npm test`: typecheck, lint, unit, API and browser tests; ends with one summary line "N passed, N failed".
// `npm test -- --db-only` runs just the suites that touch the database, as CI does on PostgreSQL: every API test and the
// browser tests whose outcome depends on how the server stores (the offline replay, idempotency and conflict specs);
// the rest of the browser suite drives the same server code and runs on PGlite.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);
const dbOnly = process.argv.includes('--db-only');
const db = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
// One folder per database, so CI can run the two passes side by side.
const out = path.join(root, '.tmp', `test-results-${db.toLowerCase()}`);
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

let passed = 0;
let failed = 0;
let skipped = 0;
const lines = [];

function run(name, cmd, args, env = {}) {
  console.log(`\n=== ${name} ===`);
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  return r.status === 0;
}

function step(name, cmd, args) {
  const ok = run(name, cmd, args);
  ok ? passed++ : failed++;
  lines.push(`${name}: ${ok ? 'ok' : 'FAILED'}`);
}

function vitest(project) {
  const file = path.join(out, `vitest-${project}.json`);
  const ok = run(`${project} tests (${db})`, 'npx', ['vitest', 'run', '--project', project, '--reporter=default', '--reporter=json', `--outputFile.json=${file}`]);
  if (!existsSync(file)) {
    failed++;
    lines.push(`${project} tests: FAILED (no report)`);
    return;
  }
  const j = JSON.parse(readFileSync(file, 'utf8'));
  passed += j.numPassedTests;
  failed += j.numFailedTests + (ok || j.numFailedTests ? 0 : 1);
  skipped += j.numPendingTests + (j.numTodoTests ?? 0);
  lines.push(`${project} tests (${db}): ${j.numPassedTests} passed, ${j.numFailedTests} failed`);
}

/** The browser specs of the --db-only pass (first-sign-in is the others' dependency). */
const DB_SPECS = ['first-sign-in.spec.ts', 'offline-entry.spec.ts', 'offline-sync.spec.ts'];

function playwright() {
  const file = path.join(out, 'playwright.json');
  const specs = dbOnly ? DB_SPECS.map((f) => `tests/e2e/${f}`) : [];
  const ok = run(`browser tests (${db})`, 'npx', ['playwright', 'test', ...specs, '--reporter=list,json'], { PLAYWRIGHT_JSON_OUTPUT_NAME: file });
  if (!existsSync(file)) {
    failed++;
    lines.push('browser tests: FAILED (no report)');
    return;
  }
  const s = JSON.parse(readFileSync(file, 'utf8')).stats;
  passed += s.expected + s.flaky;
  failed += s.unexpected + (ok || s.unexpected ? 0 : 1);
  skipped += s.skipped;
  lines.push(`browser tests (${db}): ${s.expected + s.flaky} passed, ${s.unexpected} failed`);
}

if (!dbOnly) {
  step('typecheck', 'npx', ['tsc', '--noEmit', '-p', 'tsconfig.json']);
  step('lint', 'npx', ['eslint', '--max-warnings=0', 'src', 'tests', 'sw']);
  vitest('unit');
}
vitest('api');
playwright();

console.log('\n=== summary ===');
for (const l of lines) console.log(l);
console.log(`summary: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed ? 1 : 0);
