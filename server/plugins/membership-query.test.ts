// The membership read of a workspace or project request (membership-query.ts): for an app session it
// comes back with the session's user from one statement, under the same session rules as the plain
// session look-up; the access rules (tests/permissions) then judge it as before.
import { describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { hashSecret } from '../../db/identity';
import { sessions, users } from '../../db/schema/index';
import { useWorld } from '../../tests/support/world';
import { buildUser } from '../../tests/support/factories';
import { Role } from '../../shared/roles';
import { membershipQueries, type MembershipTarget } from './membership-query';

const world = useWorld();

/** A drizzle handle on the test database's own client that counts the statements it sends. */
async function countingDb(): Promise<{ db: Db; statements: () => number }> {
  let statements = 0;
  const logger = { logQuery: () => void statements++ };
  const { database } = world.server;
  const client = (database.db as unknown as { $client: never }).$client;
  const db =
    database.driver === 'postgres'
      ? (await import('drizzle-orm/postgres-js')).drizzle({ client, casing: 'snake_case', logger })
      : (await import('drizzle-orm/pglite')).drizzle({ client, casing: 'snake_case', logger });
  return { db: db as unknown as Db, statements: () => statements };
}

const projectTarget = (): MembershipTarget => ({ slug: world.workspace.slug, projectId: world.project.id, withHead: true });

test('each statement is built on its first use, once per database', async () => {
  const { db } = await countingDb();
  let built = 0;
  const select = db.select.bind(db);
  const counting = new Proxy(db, { get: (target, key) => (key === 'select' ? (...args: Parameters<typeof select>) => (built++, select(...args)) : Reflect.get(target, key)) });
  const queries = membershipQueries(counting);
  expect(built).toBe(0);
  await queries.forSession(projectTarget(), hashSecret(world.member.sessionKey));
  await queries.forSession(projectTarget(), hashSecret(world.outsider.sessionKey));
  expect(built).toBe(1);
  await queries.forUser({ ...projectTarget(), withHead: false }, world.member.id);
  expect(built).toBe(2);
  expect(membershipQueries(counting)).toBe(queries);
});

describe('an app session with its membership', () => {
  test('comes back from one statement: the user, the workspace role, the project and the role there, the sync cursor', async () => {
    const { db, statements } = await countingDb();
    const found = await membershipQueries(db).forSession(projectTarget(), hashSecret(world.member.sessionKey));
    expect(statements()).toBe(1);
    expect(found?.user.id).toBe(world.member.id);
    expect(found?.membership).toMatchObject({ workspace: { id: world.workspace.id }, role: Role.MEMBER, project: { id: world.project.id }, projectRole: Role.MEMBER });
    expect(Number(found?.membership?.head)).toBeGreaterThanOrEqual(0);
  });

  test('an outsider has a user and no role; an unknown workspace has no membership at all', async () => {
    const { db } = await countingDb();
    const queries = membershipQueries(db);
    const outsider = await queries.forSession(projectTarget(), hashSecret(world.outsider.sessionKey));
    expect(outsider?.user.id).toBe(world.outsider.id);
    expect(outsider?.membership).toMatchObject({ role: null, projectRole: null });
    const nowhere = await queries.forSession({ ...projectTarget(), slug: 'no-such-workspace' }, hashSecret(world.member.sessionKey));
    expect(nowhere).toMatchObject({ user: { id: world.member.id }, membership: null });
  });

  test('no session for an unknown, expired or admin-area key, or an inactive user', async () => {
    const { db } = await countingDb();
    const queries = membershipQueries(db);
    expect(await queries.forSession(projectTarget(), hashSecret('not-a-session'))).toBeNull();

    const expiring = await buildUser(world.server, { firstName: 'Eve', displayName: 'eve' });
    await world.server.database.db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(sessions.id, hashSecret(expiring.sessionKey)));
    expect(await queries.forSession(projectTarget(), hashSecret(expiring.sessionKey))).toBeNull();

    const admin = await buildUser(world.server, { firstName: 'Ida', displayName: 'ida' });
    await world.server.database.db.update(sessions).set({ kind: 'admin' }).where(eq(sessions.id, hashSecret(admin.sessionKey)));
    expect(await queries.forSession(projectTarget(), hashSecret(admin.sessionKey))).toBeNull();

    const leaving = await buildUser(world.server, { firstName: 'Lea', displayName: 'lea' });
    await world.server.database.db.update(users).set({ isActive: false }).where(eq(users.id, leaving.id));
    expect(await queries.forSession(projectTarget(), hashSecret(leaving.sessionKey))).toBeNull();
  });

  test('through the app: a member reads the project, an outsider is refused, a removed session is signed out', async () => {
    const path = `${world.projectUrl}/issues/`;
    expect((await world.call('member', 'GET', path)).statusCode).toBe(200);
    expect((await world.call('outsider', 'GET', path)).statusCode).toBe(403);
    const gone = await buildUser(world.server, { firstName: 'Gus', displayName: 'gus' });
    await world.server.database.db.delete(sessions).where(eq(sessions.id, hashSecret(gone.sessionKey)));
    expect((await world.server.inject({ method: 'GET', url: path, headers: gone.headers })).statusCode).toBe(401);
  });
});
