// Every setting from the environment (DESIGN §1), validated by zod, with defaults that run locally.
import { z } from 'zod';

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
  PUBLIC_URL: z.string().url().default('http://localhost:3000'),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('SalesDesk <no-reply@salesdesk.local>'),
  REPORT_MAIL_TO: z.string().default(''),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Where the built PWA is; the server serves it with history fallback. */
  STATIC_DIR: z.string().default('./dist'),
  /** Failed sign-ins per account before it is slowed down, and the window they count in. */
  AUTH_MAX_FAILURES: z.coerce.number().int().min(1).default(5),
  AUTH_WINDOW_SECONDS: z.coerce.number().int().min(1).default(900),
  /** Requests per minute per IP on sign-in, getuser and forgot password. */
  AUTH_IP_PER_MINUTE: z.coerce.number().int().min(1).default(60),
  SESSION_IDLE_DAYS: z.coerce.number().min(0.0001).default(7),
  SESSION_ABSOLUTE_DAYS: z.coerce.number().min(0.0001).default(30),
});

export type Config = z.output<typeof schema>;

export function loadConfig(env: Record<string, string | undefined> = process.env, overrides: Partial<Config> = {}): Config {
  const clean = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = schema.safeParse(clean);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${lines}`);
  }
  return { ...parsed.data, ...overrides };
}
