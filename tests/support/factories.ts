// Factory-built rows for tests (like Outline's server/test/factories.ts): real rows in the real
// test database, plus ready-made request headers for a signed-in user.
import { randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import {
  instanceAdmins,
  instances,
  profiles,
  sessions,
  userNotificationPreferences,
  users,
  workspaceMembers,
  workspaces,
} from '../../db/schema/index';
import { hashPassword } from '../../server/services/password';
import { hashSecret } from '../../server/security';
import type { TestServer } from './server';

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
