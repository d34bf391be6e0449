// Reads and validates the environment once at start-up; a bad value stops the server with one
// line that names the variable (API.md "Configuration the server reads").
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import { z } from 'zod';
import type { DatabaseSettings } from '../db/open';

const flag = (fallback: '0' | '1') =>
  z
    .enum(['0', '1', 'true', 'false'], { message: 'must be 0 or 1' })
    .default(fallback)
    .transform((value) => value === '1' || value === 'true');
const port = (fallback: number) => z.coerce.number().int().min(0).max(65535).default(fallback);
const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);
const optionalText = z.string().trim().min(1).optional();
const optionalUrl = z.url({ message: 'must be a URL' }).optional();

/** Ranges proxy-addr (Fastify's trustProxy) knows by name. */
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** An address, a CIDR block (`10.0.0.0/8`, `fd00::/8`) or a named range. */
function isProxyAddress(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address, prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (!family || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: off (unset, 0, false) or the comma-separated proxies whose X-Forwarded-For is believed.
 * Security: trusting it from anyone lets a client name any address and dodge the per-IP limits.
 */
const trustProxy = z
  .string()
  .default('')
  .transform((value) => (['0', 'false'].includes(value.trim()) ? [] : value.split(',').map((entry) => entry.trim()).filter(Boolean)))
  .refine((entries) => entries.every(isProxyAddress), {
    message: 'must be off (0) or a comma-separated list of proxy addresses or CIDR blocks (e.g. 127.0.0.1,10.0.0.0/8)',
  });

export const envSchema = z.object({
  PORT: port(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  APP_BASE_URL: optionalUrl,
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, { message: 'must be a postgres:// connection string' })
    .optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  /** Without DATABASE_URL: `postgres` (a PostgreSQL cluster in DATA_DIR/postgres) or `pglite` (single process). */
  EMBEDDED_DB: z.enum(['postgres', 'pglite'], { message: 'must be postgres or pglite' }).default('postgres'),
  /** The embedded PostgreSQL's port on 127.0.0.1; 0 picks a free one at every start. */
  EMBEDDED_PG_PORT: port(0),
  SECRET_KEY: z.string().min(16, { message: 'must be at least 16 characters' }).optional(),
  REDIS_URL: z.string().regex(/^rediss?:\/\//, { message: 'must be a redis:// URL' }).optional(),
  SMTP_HOST: optionalText,
  SMTP_PORT: port(587),
  SMTP_USER: optionalText,
  SMTP_PASSWORD: optionalText,
  SMTP_FROM: z.string().default('Trellis <no-reply@localhost>'),
  SMTP_SECURE: flag('0'),
  GOOGLE_CLIENT_ID: optionalText,
  GOOGLE_CLIENT_SECRET: optionalText,
  GOOGLE_ISSUER: z.url({ message: 'must be a URL' }).default('https://accounts.google.com'),
  GITHUB_CLIENT_ID: optionalText,
  GITHUB_CLIENT_SECRET: optionalText,
  GITHUB_URL: z.url({ message: 'must be a URL' }).default('https://github.com'),
  GITHUB_API_URL: z.url({ message: 'must be a URL' }).default('https://api.github.com'),
  GITLAB_CLIENT_ID: optionalText,
  GITLAB_CLIENT_SECRET: optionalText,
  GITLAB_URL: z.url({ message: 'must be a URL' }).default('https://gitlab.com'),
  WEBHOOK_ALLOWED_HOSTS: z.string().default(''),
  WEBHOOK_RETRY_BASE_MS: positiveInt(60_000),
  /** How long notification emails of one recipient are gathered into one mail. */
  NOTIFICATION_MAIL_DELAY_MS: positiveInt(60_000),
  /** First retry delay of a notification mail the SMTP server did not take, doubled per retry. */
  NOTIFICATION_MAIL_RETRY_BASE_MS: positiveInt(60_000),
  FILE_SIZE_LIMIT: positiveInt(5 * 1024 * 1024),
  S3_ENDPOINT: optionalUrl,
  S3_BUCKET: optionalText,
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  S3_REGION: z.string().default('us-east-1'),
  RATE_LIMIT_AUTH_PER_MIN: positiveInt(30),
  RATE_LIMIT_AUTH_PER_EMAIL_PER_MIN: positiveInt(10),
  RATE_LIMIT_API_KEY_PER_MIN: positiveInt(60),
  /** Failed sign-ins (any email) one client address may make per hour: slows password spraying. */
  RATE_LIMIT_AUTH_FAILURES_PER_IP_PER_HOUR: positiveInt(50),
  TRUST_PROXY: trustProxy,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ENABLE_SIGNUP: flag('1'),
  ENABLE_EMAIL_PASSWORD: flag('1'),
  ENABLE_MAGIC_LINK_LOGIN: flag('1'),
  DISABLE_WORKSPACE_CREATION: flag('0'),
  CHANGE_RETENTION_DAYS: positiveInt(7),
  /** Live stream heartbeat period (API.md: 25 s); tests shorten it. */
  LIVE_PING_INTERVAL_MS: positiveInt(25_000),
  /** A live socket whose unsent bytes pass this bound is closed as a slow consumer (4008). */
  LIVE_MAX_BUFFERED_BYTES: positiveInt(4 * 1024 * 1024),
  /** Safety poll of the live reader, for a lost NOTIFY (2 s); tests lengthen it to prove NOTIFY alone delivers. */
  LIVE_POLL_INTERVAL_MS: positiveInt(2000),
  /** Bearer token that opens /metrics; unset, /metrics is not served at all (nothing leaks on the public port). */
  METRICS_TOKEN: optionalText,
  /** A change reaching this process's live stream later than this after its commit logs a warning. */
  LIVE_LAG_WARN_MS: positiveInt(5000),
  TRELLIS_ROLE: z.enum(['all', 'server', 'collab'], { message: 'must be all, server or collab' }).default('all'),
});

type Env = z.infer<typeof envSchema>;

export interface Config extends Env {
  appBaseUrl: string;
  dataDir: string;
  secretKey: string;
  isHttps: boolean;
  webhookAllowedHosts: string[];
  smtpConfigured: boolean;
}

/** A configuration problem, reported as one line naming the variable. */
export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    detail: string,
  ) {
    super(`Invalid configuration: ${variable} ${detail}`);
  }
}

/**
 * Parses the environment into a Config. Empty strings count as unset.
 * @throws ConfigError naming the first bad variable.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, options: { persistSecret?: boolean } = {}): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ConfigError(String(issue.path[0] ?? 'environment'), issue.message);
  }
  const values = parsed.data;
  const dataDir = resolve(values.DATA_DIR);
  const appBaseUrl = (values.APP_BASE_URL ?? `http://localhost:${values.PORT}`).replace(/\/+$/, '');
  return {
    ...values,
    appBaseUrl,
    dataDir,
    secretKey: values.SECRET_KEY ?? loadOrCreateSecret(dataDir, options.persistSecret ?? true),
    isHttps: appBaseUrl.startsWith('https://'),
    webhookAllowedHosts: values.WEBHOOK_ALLOWED_HOSTS.split(',').map((host) => host.trim()).filter(Boolean),
    smtpConfigured: Boolean(values.SMTP_HOST),
  };
}

/** What db/open.ts needs to open this process's database; its progress lines go to stdout. */
export function databaseSettings(config: Config): DatabaseSettings {
  return {
    databaseUrl: config.DATABASE_URL,
    dataDir: config.dataDir,
    embeddedDb: config.EMBEDDED_DB,
    embeddedPort: config.EMBEDDED_PG_PORT,
    log: (line) => console.log(line),
  };
}

/** The signing key is generated once into DATA_DIR so restarts keep sessions and tokens valid. */
function loadOrCreateSecret(dataDir: string, persist: boolean): string {
  const file = join(dataDir, 'secret_key');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(32).toString('hex');
  if (persist) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, secret, { mode: 0o600 });
  }
  return secret;
}
