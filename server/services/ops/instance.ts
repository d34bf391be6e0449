// The self-hosted instance (reference §2): its single row, created at start, and the settings every
// auth flow and workspace creation read on each request (so an admin's change applies at once).
import { randomUUID } from 'node:crypto';
import { eq, isNull, sql } from 'drizzle-orm';
import { instances, workspaces, type Instance } from '../../../db/schema/index';
import type { Db } from '../../../db/client';
import type { ServerContext } from '../../context';
import { readConfigValues, seedConfigurations, type ConfigValues } from './instance-configuration';

const DEFAULT_FROM = 'Trellis <no-reply@localhost>';

export interface OAuthClientSettings {
  clientId: string;
  clientSecret: string;
}

export interface SmtpSettings {
  host: string;
  port: number;
  user: string;
  password: string;
  from: string;
  secure: boolean;
}

/** The instance's current run-time settings (database configuration over environment). */
export interface InstanceSettings {
  isSetupDone: boolean;
  isSignupEnabled: boolean;
  isEmailPasswordEnabled: boolean;
  isMagicLoginEnabled: boolean;
  isWorkspaceCreationDisabled: boolean;
  isSmtpConfigured: boolean;
  smtp: SmtpSettings;
  /** Client credentials per external provider, or null when the provider is not configured. */
  oauth: Record<'google' | 'github' | 'gitlab', OAuthClientSettings | null>;
}

/** Creates the instance row and seeds configuration if missing; run once by the web service (registerRestApi, server/app.ts). */
export async function ensureInstance(ctx: ServerContext): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    // Several server processes may start at once on one database: let one create the row.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended('trellis:instance', 0))`);
    const [existing] = await tx.select({ id: instances.id }).from(instances).limit(1);
    if (!existing) await tx.insert(instances).values({ instanceId: randomUUID(), instanceName: 'Trellis' });
  });
  await seedConfigurations(ctx);
}

/** The instance row (created at start, so always present once the app is built). */
export async function getInstance(db: Db): Promise<Instance> {
  const [row] = await db.select().from(instances).orderBy(instances.createdAt).limit(1);
  if (!row) throw new Error('instance row missing: ensureInstance was not run');
  return row;
}

/**
 * Reads the instance settings other services need: sign-up and sign-in methods, workspace
 * creation (DISABLE_WORKSPACE_CREATION), SMTP and OAuth clients.
 */
export async function getInstanceSettings(ctx: ServerContext): Promise<InstanceSettings> {
  const [instance, values] = await Promise.all([getInstance(ctx.db), readConfigValues(ctx)]);
  return settingsFrom(instance, values);
}

function settingsFrom(instance: Instance, values: ConfigValues): InstanceSettings {
  const on = (value: string) => value === '1' || value.toLowerCase() === 'true';
  const client = (id: string, secret: string) => (id && secret ? { clientId: id, clientSecret: secret } : null);
  const port = Number(values.EMAIL_PORT);
  return {
    isSetupDone: instance.isSetupDone,
    isSignupEnabled: on(values.ENABLE_SIGNUP),
    isEmailPasswordEnabled: on(values.ENABLE_EMAIL_PASSWORD),
    isMagicLoginEnabled: on(values.ENABLE_MAGIC_LINK_LOGIN),
    isWorkspaceCreationDisabled: on(values.DISABLE_WORKSPACE_CREATION),
    isSmtpConfigured: Boolean(values.EMAIL_HOST),
    smtp: {
      host: values.EMAIL_HOST,
      port: Number.isInteger(port) && port > 0 && port < 65536 ? port : 587,
      user: values.EMAIL_HOST_USER,
      password: values.EMAIL_HOST_PASSWORD,
      from: values.EMAIL_FROM || DEFAULT_FROM,
      secure: on(values.EMAIL_USE_TLS),
    },
    oauth: {
      google: client(values.GOOGLE_CLIENT_ID, values.GOOGLE_CLIENT_SECRET),
      github: client(values.GITHUB_CLIENT_ID, values.GITHUB_CLIENT_SECRET),
      gitlab: client(values.GITLAB_CLIENT_ID, values.GITLAB_CLIENT_SECRET),
    },
  };
}

/** The public `config` object of `GET /api/instances/` (reference §2.1). */
export function presentInstanceConfig(ctx: ServerContext, settings: InstanceSettings) {
  return {
    enable_signup: settings.isSignupEnabled,
    is_workspace_creation_disabled: settings.isWorkspaceCreationDisabled,
    is_google_enabled: settings.oauth.google !== null,
    is_github_enabled: settings.oauth.github !== null,
    is_gitlab_enabled: settings.oauth.gitlab !== null,
    is_gitea_enabled: false,
    is_magic_login_enabled: settings.isMagicLoginEnabled,
    is_email_password_enabled: settings.isEmailPasswordEnabled,
    is_smtp_configured: settings.isSmtpConfigured,
    github_app_name: '',
    slack_client_id: null,
    posthog_api_key: null,
    posthog_host: null,
    has_unsplash_configured: false,
    has_llm_configured: false,
    file_size_limit: ctx.config.FILE_SIZE_LIMIT,
    admin_base_url: `${ctx.config.appBaseUrl}/admin`,
    space_base_url: ctx.config.appBaseUrl,
    app_base_url: ctx.config.appBaseUrl,
    instance_changelog_url: '',
    is_self_managed: true,
  };
}

/** Whether any workspace exists (the instance object's `workspaces_exist`). */
export async function hasWorkspaces(db: Db): Promise<boolean> {
  const [row] = await db.select({ id: workspaces.id }).from(workspaces).where(isNull(workspaces.deletedAt)).limit(1);
  return Boolean(row);
}

/** Fields of the instance an admin may change with `PATCH /api/instances/`. */
interface InstancePatch {
  instance_name?: string;
  domain?: string;
  namespace?: string | null;
  is_telemetry_enabled?: boolean;
  is_support_required?: boolean;
  whitelist_emails?: string[] | null;
}

/** Applies an admin's instance PATCH and returns the updated row. */
export async function updateInstance(ctx: ServerContext, patch: InstancePatch, actorId: string): Promise<Instance> {
  const instance = await getInstance(ctx.db);
  const [row] = await ctx.db
    .update(instances)
    .set({
      ...(patch.instance_name !== undefined && { instanceName: patch.instance_name }),
      ...(patch.domain !== undefined && { domain: patch.domain }),
      ...(patch.namespace !== undefined && { namespace: patch.namespace }),
      ...(patch.is_telemetry_enabled !== undefined && { isTelemetryEnabled: patch.is_telemetry_enabled }),
      ...(patch.is_support_required !== undefined && { isSupportRequired: patch.is_support_required }),
      ...(patch.whitelist_emails !== undefined && { whitelistEmails: patch.whitelist_emails }),
      updatedBy: actorId,
      updatedAt: sql`now()`,
    })
    .where(eq(instances.id, instance.id))
    .returning();
  return row;
}
