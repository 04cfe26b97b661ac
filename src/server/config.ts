// Every setting from the environment (DESIGN §1), validated by zod, with defaults that run locally.
import { z } from 'zod';
import { parseAllowList } from './scheduler/address-check';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const schema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./.data'),
  DATABASE_URL: z.string().url().optional(),
  INITIAL_PASSWORD: z.string().min(6).default('Sales@123'),
  SEED_DEMO: bool.default(true),
  /** Base of links in mails; http://localhost:${PORT} when not set (see loadConfig). */
  PUBLIC_URL: z.string().url().optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('SalesDesk <no-reply@salesdesk.local>'),
  REPORT_MAIL_TO: z.string().default(''),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Where the built PWA is; the server serves it with history fallback. */
  STATIC_DIR: z.string().default('./dist'),
  /** Sign-in limits (scheme at the top of modules/identity/identity.service.ts). Free failures per account and IP
   * before each further attempt must wait; also forgot-password mails per account name per window. */
  AUTH_MAX_FAILURES: z.coerce.number().int().min(1).default(5),
  /** Quiet time after which failures are forgotten; the window of forgot-password mails. */
  AUTH_WINDOW_SECONDS: z.coerce.number().int().min(1).default(900),
  /** First wait after the free failures; it doubles with each further failure, up to the cap. */
  AUTH_DELAY_SECONDS: z.coerce.number().min(0.001).default(1),
  AUTH_DELAY_MAX_SECONDS: z.coerce.number().min(0.001).default(300),
  /** Free failures per account from IPs it has not signed in from (all together) before the account-wide wait. */
  AUTH_ACCOUNT_MAX_FAILURES: z.coerce.number().int().min(1).default(20),
  /** How long an IP an account signed in from stays exempt from that account-wide wait. */
  AUTH_KNOWN_IP_DAYS: z.coerce.number().min(0).default(30),
  /** Password checks (sign-in, getuser, current password) plus forgot-password and reset-link calls per IP per minute. */
  AUTH_IP_PER_MINUTE: z.coerce.number().int().min(1).default(60),
  SESSION_IDLE_DAYS: z.coerce.number().min(0.0001).default(7),
  SESSION_ABSOLUTE_DAYS: z.coerce.number().min(0.0001).default(30),
  /** HTTP limits against slow clients (a body trickled over minutes holds a socket): the whole request (headers and
   * body) must arrive within HTTP_REQUEST_TIMEOUT_MS (else 408), the headers within HTTP_HEADERS_TIMEOUT_MS; a socket
   * idle for HTTP_CONNECTION_TIMEOUT_MS is closed, a kept-alive one after HTTP_KEEP_ALIVE_TIMEOUT_MS. */
  HTTP_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1).default(30_000),
  HTTP_HEADERS_TIMEOUT_MS: z.coerce.number().int().min(1).default(10_000),
  HTTP_CONNECTION_TIMEOUT_MS: z.coerce.number().int().min(1).default(60_000),
  HTTP_KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(1).default(5_000),
  /** Largest request head (request line and headers) in bytes; larger is refused with 431. */
  HTTP_MAX_HEADER_BYTES: z.coerce.number().int().min(1024).default(16_384),
  /** Open connections per client IP; more are closed at once (0: no cap). Behind a reverse proxy, cap there instead. */
  HTTP_MAX_CONNECTIONS_PER_IP: z.coerce.number().int().min(0).default(100),
  /** How often each server's scheduler looks for due tasks (DESIGN §11). */
  SCHEDULER_TICK_MS: z.coerce.number().int().min(50).max(60_000).default(1000),
  /** How long a shutdown lets a running task finish before its run is logged as failed (abnormal). */
  SCHEDULER_GRACE_MS: z.coerce.number().int().min(0).max(600_000).default(20_000),
  /** Origins (scheme://host[:port], comma list) a scheduled task may call by absolute URL (DESIGN §11); parsed here
   * into normalised origins, so a bad entry stops the start. Empty: absolute task URLs are refused. */
  TASK_URL_ALLOW: z
    .string()
    .default('')
    .transform((text, ctx) => {
      try {
        return parseAllowList(text);
      } catch (err) {
        ctx.addIssue({ code: 'custom', message: (err as Error).message.replace(/^TASK_URL_ALLOW: /, '') });
        return z.NEVER;
      }
    }),
});

export type Config = Omit<z.output<typeof schema>, 'PUBLIC_URL'> & { PUBLIC_URL: string };

export function loadConfig(env: Record<string, string | undefined> = process.env, overrides: Partial<Config> = {}): Config {
  const clean = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = schema.safeParse(clean);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${lines}`);
  }
  const merged = { ...parsed.data, ...overrides };
  // Links in mails follow the port the server listens on unless a public address is given.
  return { ...merged, PUBLIC_URL: merged.PUBLIC_URL ?? `http://localhost:${merged.PORT}` };
}
