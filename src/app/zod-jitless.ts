// Imported first by main.tsx, before any contract builds a schema. zod compiles object parsers with `new Function` and
// probes for it when a schema is built; under the app's CSP (script-src 'self', no 'unsafe-eval') that probe is reported
// as a violation on every page. jitless skips the probe and the compiler (the server keeps them: no CSP there).
import { config } from 'zod/v4/core';

config({ jitless: true });
