// Factory-built rows for tests (like Outline's server/test/factories.ts): real rows in the real
// test database, plus ready-made request headers for a signed-in user.
import { randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import {
  instanceAdmins,
  instances,
  issueSequences,
  profiles,
  projectIdentifiers,
  projectMembers,
  projects,
  sessions,
  states,
  userNotificationPreferences,
  users,
  workspaceMembers,
  workspaces,
} from '../../db/schema/index';
import { hashPassword } from '../../server/services/accounts/password';
import { hashSecret } from '../../server/security';
import type { TestServer } from './server';
import { ProjectNetwork } from '../../shared/visibility';

export const TEST_PASSWORD = 'correct-Horse-battery-42';

export interface TestUser {
  id: string;
  email: string;
  password: string;
  /** Cookie + CSRF headers for app.inject as this user (session cookie auth). */
  headers: Record<string, string>;
  sessionKey: string;
}

let counter = 0;
const unique = () => `${Date.now().toString(36)}${(counter++).toString(36)}${randomBytes(2).toString('hex')}`;

/** Marks the instance as set up (first admin exists), creating the instance row if needed. */
export async function setupInstance(server: TestServer, adminUser?: TestUser): Promise<void> {
  const { db } = server.database;
  let [instance] = await db.select().from(instances).limit(1);
  if (!instance) {
    [instance] = await db.insert(instances).values({ instanceId: randomUUID(), instanceName: 'Test', isSetupDone: true }).returning();
  } else {
    await db.update(instances).set({ isSetupDone: true }).where(eq(instances.id, instance.id));
  }
  if (adminUser) await db.insert(instanceAdmins).values({ instanceId: instance.id, userId: adminUser.id, role: 20 });
}

/** Creates an active user with a password, profile and a signed-in app session. */
export async function buildUser(
  server: TestServer,
  overrides: Partial<typeof users.$inferInsert> & { password?: string; onboarded?: boolean } = {},
): Promise<TestUser> {
  const { db } = server.database;
  const { password = TEST_PASSWORD, onboarded = true, ...fields } = overrides;
  const email = fields.email ?? `user-${unique()}@example.com`;
  const [user] = await db
    .insert(users)
    .values({
      email,
      username: randomUUID().replace(/-/g, ''),
      passwordHash: await hashPassword(password),
      displayName: email.split('@')[0],
      firstName: 'Test',
      lastName: 'User',
      isEmailVerified: true,
      ...fields,
    })
    .returning();
  await db.insert(profiles).values({
    userId: user.id,
    isOnboarded: onboarded,
    onboardingStep: { profile_complete: onboarded, workspace_create: onboarded, workspace_invite: onboarded, workspace_join: onboarded },
  });
  await db.insert(userNotificationPreferences).values({ userId: user.id });
  const sessionKey = randomBytes(48).toString('hex');
  await db.insert(sessions).values({
    id: hashSecret(sessionKey),
    userId: user.id,
    kind: 'app',
    expiresAt: new Date(Date.now() + 7 * 24 * 3600 * 1000),
  });
  const csrf = randomBytes(32).toString('hex');
  return {
    id: user.id,
    email,
    password,
    sessionKey,
    headers: { cookie: `session-id=${sessionKey}; csrftoken=${csrf}`, 'x-csrftoken': csrf },
  };
}

export interface TestWorkspace {
  id: string;
  slug: string;
  name: string;
}

/** Creates a workspace owned by `owner` (admin member). */
export async function buildWorkspace(server: TestServer, owner: TestUser, overrides: { slug?: string; name?: string } = {}): Promise<TestWorkspace> {
  const { db } = server.database;
  const slug = overrides.slug ?? `ws-${unique()}`;
  const [workspace] = await db
    .insert(workspaces)
    .values({ name: overrides.name ?? `Workspace ${slug}`, slug, ownerId: owner.id, createdBy: owner.id })
    .returning();
  await db.insert(workspaceMembers).values({ workspaceId: workspace.id, memberId: owner.id, role: 20 });
  return { id: workspace.id, slug, name: workspace.name };
}

/** Adds an existing user to a workspace with a role (20 admin, 15 member, 5 guest). */
export async function addWorkspaceMember(server: TestServer, workspace: TestWorkspace, user: TestUser, role: 5 | 15 | 20) {
  await server.database.db.insert(workspaceMembers).values({ workspaceId: workspace.id, memberId: user.id, role });
}

export interface TestProject {
  id: string;
  identifier: string;
  workspaceId: string;
  /** State ids by group name: backlog (default), unstarted, started, completed, cancelled. */
  states: Record<'backlog' | 'unstarted' | 'started' | 'completed' | 'cancelled', string>;
}

const FACTORY_STATES = [
  { name: 'Backlog', group: 'backlog', color: '#60646C', isDefault: true },
  { name: 'Todo', group: 'unstarted', color: '#3f76ff', isDefault: false },
  { name: 'In Progress', group: 'started', color: '#F59E0B', isDefault: false },
  { name: 'Done', group: 'completed', color: '#46A758', isDefault: false },
  { name: 'Cancelled', group: 'cancelled', color: '#9AA4BC', isDefault: false },
] as const;

/**
 * Inserts a project with `owner` as project admin and the five default states, without going
 * through the project service (for suites that test other resources). Prefer the real
 * POST /projects/ route in project tests.
 */
export async function buildProject(
  server: TestServer,
  workspace: TestWorkspace,
  owner: TestUser,
  overrides: { name?: string; identifier?: string; network?: number; guestViewAllFeatures?: boolean } = {},
): Promise<TestProject> {
  const { db } = server.database;
  const identifier = overrides.identifier ?? `P${unique().slice(-6).toUpperCase()}`.replace(/[^A-Z0-9]/g, 'X');
  const [project] = await db
    .insert(projects)
    .values({
      workspaceId: workspace.id,
      name: overrides.name ?? `Project ${identifier}`,
      identifier,
      network: overrides.network ?? ProjectNetwork.PUBLIC,
      guestViewAllFeatures: overrides.guestViewAllFeatures ?? false,
      projectLeadId: owner.id,
      createdBy: owner.id,
    })
    .returning();
  await db.insert(projectMembers).values({ projectId: project.id, workspaceId: workspace.id, memberId: owner.id, role: 20 });
  await db.insert(projectIdentifiers).values({ projectId: project.id, workspaceId: workspace.id, name: identifier });
  await db.insert(issueSequences).values({ projectId: project.id, lastSequence: 0 });
  const stateRows = await db
    .insert(states)
    .values(
      FACTORY_STATES.map((state, index) => ({
        ...state,
        projectId: project.id,
        workspaceId: workspace.id,
        sequence: (index + 1) * 65535,
      })),
    )
    .returning();
  const byGroup = Object.fromEntries(stateRows.map((row) => [row.group, row.id])) as TestProject['states'];
  return { id: project.id, identifier, workspaceId: workspace.id, states: byGroup };
}

/** Adds a workspace member to a project with a role. */
export async function addProjectMember(server: TestServer, project: TestProject, user: TestUser, role: 5 | 15 | 20) {
  await server.database.db.insert(projectMembers).values({ projectId: project.id, workspaceId: project.workspaceId, memberId: user.id, role });
}
