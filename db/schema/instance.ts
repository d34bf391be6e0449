// The self-hosted instance: its single settings row, key/value configuration and instance admins.
import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { audit, authorshipIndexes, cascadeRef, id, timestampTz } from './columns';
import { users } from './user';

export const instances = pgTable(
  'instances',
  {
    id: id(),
    instanceName: text().notNull().default(''),
    instanceId: text().notNull(),
    currentVersion: text().notNull().default(''),
    latestVersion: text(),
    edition: text().notNull().default('COMMUNITY'),
    domain: text().notNull().default(''),
    isTelemetryEnabled: boolean().notNull().default(false),
    isSupportRequired: boolean().notNull().default(false),
    isSetupDone: boolean().notNull().default(false),
    isSignupScreenVisited: boolean().notNull().default(false),
    isVerified: boolean().notNull().default(false),
    isTest: boolean().notNull().default(false),
    lastCheckedAt: timestampTz(),
    namespace: text(),
    whitelistEmails: jsonb(),
    ...audit,
  },
  (t) => [uniqueIndex().on(t.instanceId), ...authorshipIndexes(t)],
);

export const instanceConfigurations = pgTable(
  'instance_configurations',
  {
    id: id(),
    key: text().notNull(),
    value: text(),
    category: text().notNull().default(''),
    isEncrypted: boolean().notNull().default(false),
    ...audit,
  },
  (t) => [uniqueIndex().on(t.key), index().on(t.category), ...authorshipIndexes(t)],
);

export const instanceAdmins = pgTable(
  'instance_admins',
  {
    id: id(),
    userId: uuid().references(() => users.id, { onDelete: 'cascade' }),
    instanceId: cascadeRef(() => instances.id),
    role: integer().notNull().default(20),
    isVerified: boolean().notNull().default(false),
    ...audit,
  },
  (t) => [uniqueIndex().on(t.instanceId, t.userId), index().on(t.userId), ...authorshipIndexes(t)],
);

export type Instance = typeof instances.$inferSelect;
export type InstanceConfiguration = typeof instanceConfigurations.$inferSelect;
export type InstanceAdmin = typeof instanceAdmins.$inferSelect;
