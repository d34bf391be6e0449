// The instance's run-time settings (reference §2.2 configuration keys): seeded from the environment
// on first start, then owned by the database so an admin's PATCH takes effect at once everywhere.
// Secret values are stored encrypted (AES-256-GCM keyed from SECRET_KEY) and masked on read.
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { instanceConfigurations, type InstanceConfiguration } from '../../../db/schema/index';
import type { Config } from '../../config';
import type { ServerContext } from '../../context';
import { withTransaction, type WriteOptions } from '../../live/record-change';

interface ConfigKeyDefinition {
  category: 'AUTHENTICATION' | 'WORKSPACE_MANAGEMENT' | 'SMTP' | 'GOOGLE' | 'GITHUB' | 'GITLAB';
  isEncrypted: boolean;
  /** The environment value the key starts from. */
  fromEnv: (config: Config) => string;
}

const flag = (value: boolean) => (value ? '1' : '0');

/** Every configuration key an admin may read and change, with its seed from the environment. */
const CONFIG_KEYS = {
  ENABLE_SIGNUP: { category: 'AUTHENTICATION', isEncrypted: false, fromEnv: (c) => flag(c.ENABLE_SIGNUP) },
  ENABLE_EMAIL_PASSWORD: { category: 'AUTHENTICATION', isEncrypted: false, fromEnv: (c) => flag(c.ENABLE_EMAIL_PASSWORD) },
  ENABLE_MAGIC_LINK_LOGIN: { category: 'AUTHENTICATION', isEncrypted: false, fromEnv: (c) => flag(c.ENABLE_MAGIC_LINK_LOGIN) },
  DISABLE_WORKSPACE_CREATION: { category: 'WORKSPACE_MANAGEMENT', isEncrypted: false, fromEnv: (c) => flag(c.DISABLE_WORKSPACE_CREATION) },
  EMAIL_HOST: { category: 'SMTP', isEncrypted: false, fromEnv: (c) => c.SMTP_HOST ?? '' },
  EMAIL_PORT: { category: 'SMTP', isEncrypted: false, fromEnv: (c) => String(c.SMTP_PORT) },
  EMAIL_HOST_USER: { category: 'SMTP', isEncrypted: false, fromEnv: (c) => c.SMTP_USER ?? '' },
  EMAIL_HOST_PASSWORD: { category: 'SMTP', isEncrypted: true, fromEnv: (c) => c.SMTP_PASSWORD ?? '' },
  EMAIL_FROM: { category: 'SMTP', isEncrypted: false, fromEnv: (c) => c.SMTP_FROM },
  EMAIL_USE_TLS: { category: 'SMTP', isEncrypted: false, fromEnv: (c) => flag(c.SMTP_SECURE) },
  GOOGLE_CLIENT_ID: { category: 'GOOGLE', isEncrypted: false, fromEnv: (c) => c.GOOGLE_CLIENT_ID ?? '' },
  GOOGLE_CLIENT_SECRET: { category: 'GOOGLE', isEncrypted: true, fromEnv: (c) => c.GOOGLE_CLIENT_SECRET ?? '' },
  GITHUB_CLIENT_ID: { category: 'GITHUB', isEncrypted: false, fromEnv: (c) => c.GITHUB_CLIENT_ID ?? '' },
  GITHUB_CLIENT_SECRET: { category: 'GITHUB', isEncrypted: true, fromEnv: (c) => c.GITHUB_CLIENT_SECRET ?? '' },
  GITLAB_CLIENT_ID: { category: 'GITLAB', isEncrypted: false, fromEnv: (c) => c.GITLAB_CLIENT_ID ?? '' },
  GITLAB_CLIENT_SECRET: { category: 'GITLAB', isEncrypted: true, fromEnv: (c) => c.GITLAB_CLIENT_SECRET ?? '' },
} satisfies Record<string, ConfigKeyDefinition>;

type ConfigKey = keyof typeof CONFIG_KEYS;
export type ConfigValues = Record<ConfigKey, string>;
const CONFIG_KEY_NAMES = Object.keys(CONFIG_KEYS) as ConfigKey[];

/** What a secret reads as once set: the value never leaves the server. */
const MASKED_SECRET = '********';

function isConfigKey(key: string): key is ConfigKey {
  return Object.prototype.hasOwnProperty.call(CONFIG_KEYS, key);
}

/** Inserts the keys missing from the database with their environment values (idempotent). */
export async function seedConfigurations(ctx: ServerContext): Promise<void> {
  const rows = CONFIG_KEY_NAMES.map((key) => {
    const definition: ConfigKeyDefinition = CONFIG_KEYS[key];
    const value = definition.fromEnv(ctx.config);
    return {
      key,
      value: definition.isEncrypted && value ? encrypt(ctx.config.secretKey, value) : value,
      category: definition.category,
      isEncrypted: definition.isEncrypted,
    };
  });
  await ctx.db.insert(instanceConfigurations).values(rows).onConflictDoNothing({ target: instanceConfigurations.key });
}

/** The decrypted value of every key (database value, else the environment's). */
export async function readConfigValues(ctx: ServerContext): Promise<ConfigValues> {
  const rows = await ctx.db.select().from(instanceConfigurations);
  const values = Object.fromEntries(CONFIG_KEY_NAMES.map((key) => [key, CONFIG_KEYS[key].fromEnv(ctx.config)])) as ConfigValues;
  for (const row of rows) {
    if (isConfigKey(row.key)) values[row.key] = decryptedValue(ctx, row);
  }
  return values;
}

/** The configuration rows as the admin API lists them, secrets masked. */
export async function listConfigurations(ctx: ServerContext): Promise<InstanceConfiguration[]> {
  const rows = await ctx.db.select().from(instanceConfigurations).orderBy(instanceConfigurations.key);
  return rows
    .filter((row) => isConfigKey(row.key))
    .map((row) => ({ ...row, value: row.isEncrypted ? (row.value ? MASKED_SECRET : '') : (row.value ?? '') }));
}

/**
 * Updates the given keys (unknown keys and a secret sent back as its mask are ignored; values are
 * trimmed) and returns the list as `listConfigurations` does.
 */
export async function updateConfigurations(
  ctx: ServerContext,
  values: Record<string, string>,
  actorId: string,
  options: WriteOptions = { actorId },
): Promise<InstanceConfiguration[]> {
  const updates = Object.entries(values).filter(([key, value]) => isConfigKey(key) && value.trim() !== MASKED_SECRET);
  if (updates.length) {
    // withTransaction (no change rows): an X-Client-Mutation-Id receipt is claimed in this transaction.
    await withTransaction(ctx, options, async (tx) => {
      for (const [key, raw] of updates) {
        const definition: ConfigKeyDefinition = CONFIG_KEYS[key as ConfigKey];
        const value = raw.trim();
        const stored = definition.isEncrypted && value ? encrypt(ctx.config.secretKey, value) : value;
        await tx
          .insert(instanceConfigurations)
          .values({ key, value: stored, category: definition.category, isEncrypted: definition.isEncrypted, createdBy: actorId, updatedBy: actorId })
          .onConflictDoUpdate({
            target: instanceConfigurations.key,
            set: { value: stored, updatedBy: actorId, updatedAt: sql`now()` },
          });
      }
    });
  }
  return listConfigurations(ctx);
}

function decryptedValue(ctx: ServerContext, row: InstanceConfiguration): string {
  if (!row.value) return '';
  if (!row.isEncrypted) return row.value;
  try {
    return decrypt(ctx.config.secretKey, row.value);
  } catch {
    // Security: a secret encrypted under another SECRET_KEY is unusable; treat it as unset.
    return '';
  }
}

function keyFor(secretKey: string): Buffer {
  return createHash('sha256').update(`instance-configuration:${secretKey}`).digest();
}

function encrypt(secretKey: string, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyFor(secretKey), iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64'), cipher.getAuthTag().toString('base64'), body.toString('base64')].join(':');
}

function decrypt(secretKey: string, stored: string): string {
  const [version, iv, tag, body] = stored.split(':');
  if (version !== 'v1' || !iv || !tag || body === undefined) throw new Error('not an encrypted value');
  const decipher = createDecipheriv('aes-256-gcm', keyFor(secretKey), Buffer.from(iv, 'base64'));
  decipher.setAuthTag(Buffer.from(tag, 'base64'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64')), decipher.final()]).toString('utf8');
}
