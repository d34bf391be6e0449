// Creates a demo workspace: members, one project with states, labels, an estimate, cycles, modules
// and N issues with realistic distributions. Rows go in with a few large multi-row INSERTs
// (json_to_recordset, one parameter per batch), so 100 000 issues take seconds on Postgres.
import { randomUUID } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import { sql } from 'drizzle-orm';
import type { Database } from '../client';
import {
  cycles,
  estimatePoints,
  estimates,
  instanceAdmins,
  instances,
  issueSequences,
  labels,
  modules,
  profiles,
  projectIdentifiers,
  projectMembers,
  projects,
  states,
  users,
  workspaceMembers,
  workspaces,
} from '../schema/index';
import { DEFAULT_PROJECT_STATES } from '../../shared/issue-constants';
import {
  ASSIGNEE_COUNT_WEIGHTS,
  LABEL_COLORS,
  LABEL_COUNT_WEIGHTS,
  LABEL_NAMES,
  PRIORITY_WEIGHTS,
  STATE_GROUP_WEIGHTS,
  createRandom,
  issueDescription,
  issueName,
  pickSkewed,
  weighted,
} from './generate';

export interface SeedOptions {
  issues: number;
  workspaceSlug: string;
  members?: number;
  /** PRNG seed; the same seed and size give the same data. */
  seed?: number;
  log?: (line: string) => void;
}

/** The tables the seed fills in bulk: what analyzeAfterBulkWork should analyze after it. */
export const SEEDED_TABLES = ['issues', 'issue_labels', 'issue_assignees', 'cycle_issues', 'module_issues', 'users', 'profiles', 'workspace_members', 'project_members'] as const;

export interface SeedResult {
  workspaceId: string;
  workspaceSlug: string;
  projectId: string;
  ownerId: string;
  ownerEmail: string;
  memberIds: string[];
  labelIds: string[];
  stateIds: Record<string, string>;
}

/** Password of the seeded owner account (printed by the CLI). */
export const DEMO_PASSWORD = 'Trellis-demo-2024!';
const BATCH = 5000;
const DAY_MS = 86_400_000;

async function insertJson(database: Database, table: string, columns: Record<string, string>, rows: Record<string, unknown>[]) {
  for (let start = 0; start < rows.length; start += BATCH) {
    const chunk = JSON.stringify(rows.slice(start, start + BATCH));
    const names = Object.keys(columns).join(', ');
    const types = Object.entries(columns).map(([name, type]) => `${name} ${type}`).join(', ');
    await database.query(sql`insert into ${sql.raw(table)} (${sql.raw(names)}) select ${sql.raw(names)} from json_to_recordset(${chunk}::json) as x(${sql.raw(types)})`);
  }
}

async function seedPeople(database: Database, options: SeedOptions) {
  const { db } = database;
  const count = options.members ?? 50;
  const passwordHash = await hash(DEMO_PASSWORD, { memoryCost: 19_456, timeCost: 2, parallelism: 1 });
  const slug = options.workspaceSlug;
  const people = Array.from({ length: count }, (_, index) => ({
    email: index === 0 ? `owner@${slug}.example.com` : `member${index}@${slug}.example.com`,
    displayName: index === 0 ? 'owner' : `member${index}`,
    firstName: index === 0 ? 'Demo' : `Member`,
    lastName: index === 0 ? 'Owner' : String(index),
    passwordHash,
    isEmailVerified: true,
  }));
  const userRows = await db.insert(users).values(people).returning({ id: users.id });
  await db.insert(profiles).values(userRows.map((user) => ({ userId: user.id, isOnboarded: true })));
  const ownerId = userRows[0].id;
  const [workspace] = await db.insert(workspaces).values({ name: `Demo ${slug}`, slug, ownerId, createdBy: ownerId }).returning();
  // Roles: the owner admin, a few guests at the end, everyone else member.
  const roleOf = (index: number) => (index === 0 ? 20 : index >= count - Math.max(1, Math.floor(count / 12)) ? 5 : 15);
  await db.insert(workspaceMembers).values(userRows.map((user, index) => ({ workspaceId: workspace.id, memberId: user.id, role: roleOf(index) })));
  const [instance] = await db.select().from(instances).limit(1);
  if (!instance) {
    const [created] = await db.insert(instances).values({ instanceId: randomUUID(), instanceName: 'Trellis demo', isSetupDone: true }).returning();
    await db.insert(instanceAdmins).values({ instanceId: created.id, userId: ownerId, role: 20 });
  }
  return { workspace, userIds: userRows.map((user) => user.id), roleOf, ownerEmail: people[0].email };
}

/**
 * Seeds the demo workspace into an open, migrated database.
 * @throws Error when the workspace slug is taken.
 */
export async function seedDemo(database: Database, options: SeedOptions): Promise<SeedResult> {
  const { db } = database;
  const log = options.log ?? (() => {});
  const random = createRandom(options.seed ?? 42);
  const taken = await database.query(sql`select 1 from workspaces where slug = ${options.workspaceSlug}`);
  if (taken.length) throw new Error(`workspace "${options.workspaceSlug}" already exists`);
  const { workspace, userIds, roleOf, ownerEmail } = await seedPeople(database, options);
  const ownerId = userIds[0];
  const base = { workspaceId: workspace.id, createdBy: ownerId };
  const [project] = await db.insert(projects).values({ ...base, name: 'Demo project', identifier: 'DEMO', projectLeadId: ownerId }).returning();
  const inProject = { ...base, projectId: project.id };
  await db.insert(projectMembers).values(userIds.map((memberId, index) => ({ projectId: project.id, workspaceId: workspace.id, memberId, role: roleOf(index) })));
  await db.insert(projectIdentifiers).values({ projectId: project.id, workspaceId: workspace.id, name: 'DEMO' });
  const stateRows = await db
    .insert(states)
    .values(DEFAULT_PROJECT_STATES.map((state) => ({ ...inProject, name: state.name, group: state.group, color: state.color, sequence: state.sequence, isDefault: state.default })))
    .returning();
  const stateIds = Object.fromEntries(stateRows.map((row) => [row.group, row.id]));
  const labelRows = await db
    .insert(labels)
    .values(LABEL_NAMES.map((name, index) => ({ ...inProject, name, color: LABEL_COLORS[index], sortOrder: 65535 + index * 10000 })))
    .returning({ id: labels.id });
  const labelIds = labelRows.map((row) => row.id);
  const [estimate] = await db.insert(estimates).values({ ...inProject, name: 'Fibonacci', type: 'points', lastUsed: true }).returning();
  const pointRows = await db
    .insert(estimatePoints)
    .values(['1', '2', '3', '5', '8'].map((value, key) => ({ ...inProject, estimateId: estimate.id, key, value })))
    .returning({ id: estimatePoints.id });
  await database.query(sql`update projects set estimate_id = ${estimate.id}, default_state_id = ${stateIds.backlog} where id = ${project.id}`);
  const now = Date.now();
  const cycleRows = await db
    .insert(cycles)
    .values(Array.from({ length: 6 }, (_, index) => ({ ...inProject, name: `Sprint ${index + 1}`, startDate: new Date(now + (index - 4) * 14 * DAY_MS), endDate: new Date(now + (index - 3) * 14 * DAY_MS - DAY_MS), ownedById: ownerId })))
    .returning({ id: cycles.id });
  const moduleRows = await db
    .insert(modules)
    .values(['Onboarding', 'Search', 'Billing', 'Mobile', 'Integrations'].map((name) => ({ ...inProject, name, leadId: ownerId })))
    .returning({ id: modules.id });
  log(`workspace ${workspace.slug}: ${userIds.length} members, project DEMO`);
  await seedIssues(database, {
    count: options.issues,
    random,
    project: { id: project.id, workspaceId: workspace.id },
    userIds,
    stateIds,
    labelIds,
    pointIds: pointRows.map((row) => row.id),
    cycleIds: cycleRows.map((row) => row.id),
    moduleIds: moduleRows.map((row) => row.id),
    log,
  });
  await db.insert(issueSequences).values({ projectId: project.id, lastSequence: options.issues });
  return { workspaceId: workspace.id, workspaceSlug: workspace.slug, projectId: project.id, ownerId, ownerEmail, memberIds: userIds, labelIds, stateIds };
}

export interface IssueSeed {
  count: number;
  random: () => number;
  project: { id: string; workspaceId: string };
  userIds: string[];
  stateIds: Record<string, string>;
  labelIds: string[];
  pointIds: string[];
  cycleIds: string[];
  moduleIds: string[];
  log: (line: string) => void;
}

const ISSUE_COLUMNS = {
  id: 'uuid', project_id: 'uuid', workspace_id: 'uuid', parent_id: 'uuid', state_id: 'uuid', estimate_point_id: 'uuid', name: 'text',
  description_html: 'text', description_stripped: 'text', priority: 'text', start_date: 'date', target_date: 'date', sequence_id: 'int',
  sort_order: 'float8', completed_at: 'timestamptz', created_at: 'timestamptz', updated_at: 'timestamptz', created_by: 'uuid', updated_by: 'uuid',
};
const LINK_COLUMNS = { issue_id: 'uuid', project_id: 'uuid', workspace_id: 'uuid', created_by: 'uuid' };

/**
 * Issues and their labels, assignees, cycle and module rows, in batches of one statement per table
 * (also used by bench/dashboard.ts to fill projects made through the API; empty id lists are skipped).
 */
export async function seedIssues(database: Database, seed: IssueSeed) {
  const { random, project, userIds } = seed;
  const now = Date.now();
  const day = (offsetDays: number) => new Date(now + offsetDays * DAY_MS).toISOString().slice(0, 10);
  const assignable = userIds.slice(0, Math.max(1, userIds.length - Math.floor(userIds.length / 12)));
  const issueIds: string[] = [];
  for (let start = 0; start < seed.count; start += BATCH * 4) {
    const size = Math.min(BATCH * 4, seed.count - start);
    const rows: Record<string, unknown>[] = [];
    const labelRows: Record<string, unknown>[] = [];
    const assigneeRows: Record<string, unknown>[] = [];
    const cycleRows: Record<string, unknown>[] = [];
    const moduleRows: Record<string, unknown>[] = [];
    for (let offset = 0; offset < size; offset++) {
      const index = start + offset;
      const id = randomUUID();
      const group = weighted(random, STATE_GROUP_WEIGHTS);
      const createdAt = new Date(now - (seed.count - index) * (365 * DAY_MS / seed.count) - random() * 3_600_000);
      const creator = userIds[Math.floor(userIds.length * random() ** 2)];
      const description = issueDescription(random);
      const startOffset = Math.floor(random() * 360) - 180;
      const link = { issue_id: id, project_id: project.id, workspace_id: project.workspaceId, created_by: creator };
      rows.push({
        id, project_id: project.id, workspace_id: project.workspaceId,
        parent_id: issueIds.length && random() < 0.05 ? issueIds[Math.floor(random() * issueIds.length)] : null,
        state_id: seed.stateIds[group], estimate_point_id: seed.pointIds.length && random() < 0.4 ? seed.pointIds[Math.floor(random() * seed.pointIds.length)] : null,
        name: issueName(random), description_html: description.html, description_stripped: description.text,
        priority: weighted(random, PRIORITY_WEIGHTS), start_date: random() < 0.4 ? day(startOffset) : null,
        target_date: random() < 0.5 ? day(startOffset + 1 + Math.floor(random() * 30)) : null, sequence_id: index + 1,
        sort_order: 65535 + index * 10000, completed_at: group === 'completed' ? createdAt.toISOString() : null,
        created_at: createdAt.toISOString(), updated_at: createdAt.toISOString(), created_by: creator, updated_by: creator,
      });
      for (const labelId of pickSkewed(random, seed.labelIds, weighted(random, LABEL_COUNT_WEIGHTS))) labelRows.push({ ...link, label_id: labelId });
      for (const assigneeId of pickSkewed(random, assignable, weighted(random, ASSIGNEE_COUNT_WEIGHTS))) assigneeRows.push({ ...link, assignee_id: assigneeId });
      if (seed.cycleIds.length && random() < 0.3) cycleRows.push({ ...link, cycle_id: seed.cycleIds[Math.floor(random() * seed.cycleIds.length)] });
      if (seed.moduleIds.length && random() < 0.25) moduleRows.push({ ...link, module_id: seed.moduleIds[Math.floor(random() * seed.moduleIds.length)] });
      issueIds.push(id);
    }
    await insertJson(database, 'issues', ISSUE_COLUMNS, rows);
    await insertJson(database, 'issue_labels', { ...LINK_COLUMNS, label_id: 'uuid' }, labelRows);
    await insertJson(database, 'issue_assignees', { ...LINK_COLUMNS, assignee_id: 'uuid' }, assigneeRows);
    await insertJson(database, 'cycle_issues', { ...LINK_COLUMNS, cycle_id: 'uuid' }, cycleRows);
    await insertJson(database, 'module_issues', { ...LINK_COLUMNS, module_id: 'uuid' }, moduleRows);
    seed.log(`issues ${start + size}/${seed.count}`);
  }
}
