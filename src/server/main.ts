// Entry point: config -> database -> migrate -> seed -> listen; graceful shutdown on SIGINT/SIGTERM.
import { loadConfig } from './config';
import { buildApp } from './app';

const config = loadConfig();
const app = await buildApp(config);

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, async () => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => process.exit(1), 10_000);
    await app.close();
    clearTimeout(timer);
    process.exit(0);
  });
}

await app.listen({ port: config.PORT, host: config.HOST });
app.log.info(`SalesDesk on http://localhost:${config.PORT} (${app.database.kind})`);
