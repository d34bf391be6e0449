// Turns the instance row and its configuration rows into the wire shapes of reference §2.
import type { Instance, InstanceConfiguration } from '../../../../db/schema/index';

const iso = (value: Date | null) => (value ? value.toISOString() : null);

/** The `instance` object of `GET /api/instances/` (and the PATCH answer). */
export function presentInstance(instance: Instance, workspacesExist: boolean) {
  return {
    id: instance.id,
    created_at: iso(instance.createdAt),
    updated_at: iso(instance.updatedAt),
    deleted_at: null,
    created_by: instance.createdBy,
    updated_by: instance.updatedBy,
    instance_name: instance.instanceName,
    whitelist_emails: instance.whitelistEmails ?? null,
    instance_id: instance.instanceId,
    current_version: instance.currentVersion,
    latest_version: instance.latestVersion,
    edition: instance.edition,
    domain: instance.domain,
    last_checked_at: iso(instance.lastCheckedAt),
    namespace: instance.namespace,
    is_telemetry_enabled: instance.isTelemetryEnabled,
    is_support_required: instance.isSupportRequired,
    is_setup_done: instance.isSetupDone,
    is_signup_screen_visited: instance.isSignupScreenVisited,
    is_verified: instance.isVerified,
    is_test: instance.isTest,
    is_current_version_deprecated: false,
    workspaces_exist: workspacesExist,
  };
}

/** One row of `GET /api/instances/configurations/` (value already masked by the service). */
export function presentConfiguration(row: InstanceConfiguration) {
  return {
    id: row.id,
    key: row.key,
    value: row.value ?? '',
    category: row.category,
    is_encrypted: row.isEncrypted,
    created_at: iso(row.createdAt),
    updated_at: iso(row.updatedAt),
    created_by: row.createdBy,
    updated_by: row.updatedBy,
  };
}
