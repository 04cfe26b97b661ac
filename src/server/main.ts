// Entry point: config -> database -> migrate -> seed -> listen -> scheduler; graceful shutdown on SIGINT/SIGTERM
// (the scheduler first, letting a run going finish within its grace period, then the server and the database).
import { loadConfig } from './config';
import { buildApp } from './app';
import { createScheduler } from './scheduler/scheduler';

const config = loadConfig();
const app = await buildApp(config);
const scheduler = createScheduler({ app, tickMs: config.SCHEDULER_TICK_MS, graceMs: config.SCHEDULER_GRACE_MS });

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, async () => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => process.exit(1), config.SCHEDULER_GRACE_MS + 10_000);
    await scheduler.stop();
    await app.close();
    clearTimeout(timer);
    process.exit(0);
  });
}

await app.listen({ port: config.PORT, host: config.HOST });
app.log.info(`SalesDesk on http://localhost:${config.PORT} (${app.database.kind})`);
if (!closing) scheduler.start();
