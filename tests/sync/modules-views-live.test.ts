// Live events of cycles, modules and views over real WebSockets (issue 13 "Bad input and
// permissions", "Every list live"): a new cycle, an issue moved into it and its issues' state changes
// reach project members with the cycle's new counts, and nobody outside the project; a changed
// module status reaches every project member, guests included, and nobody outside the project; a private view's events reach its owner only (others get it as a delete when a shared
// view turns private); a workspace guest hears only global views they own.
import { sql } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import type { TestUser } from '../support/factories';
import { useTeam } from '../support/team';
import { useLiveSockets, settle, writeChange, type LiveClient } from './live-client';
import { ViewAccess } from '../../shared/visibility';
import type { ChangeMessage, ServerMessage } from '../../shared/live-protocol';

const team = useTeam(
  { member: { workspace: 15, project: 15 }, guest: { workspace: 5, project: 5 }, bystander: { workspace: 15 } },
  { instanceAdmin: true },
);
const live = useLiveSockets(team);
const { subscribed } = live;

function rest(user: TestUser, method: 'POST' | 'PATCH', url: string, payload?: object) {
  return team.server.inject({ method, url: `/api/workspaces/${team.workspace.slug}${url}`, headers: user.headers, ...(payload ? { payload } : {}) });
}

/** Writes a marker every socket hears; once a socket has it, every earlier event was judged. */
async function flush(clients: LiveClient[]) {
  const id = await writeChange(team.server, { workspaceId: team.workspace.id, entity: 'workspace', op: 'update', data: { name: 'marker' } });
  for (const client of clients) await client.waitFor((msg) => msg.type === 'change' && msg.data.id === id);
}

describe('cycles', () => {
  test('a new cycle, an issue moved into it and its state changes reach members with fresh counts; nobody outside the project', async () => {
    const [m, g, b] = [await subscribed(team.member), await subscribed(team.guest), await subscribed(team.bystander)];
    const base = `/api/workspaces/${team.workspace.slug}/projects/${team.project.id}`;
    const states = (await team.server.inject({ method: 'GET', url: `${base}/states/`, headers: team.owner.headers })).json() as Array<{ id: string; group: string }>;
    const done = states.find((state) => state.group === 'completed')!;
    const created = await rest(team.owner, 'POST', `/projects/${team.project.id}/cycles/`, { name: 'Live cycle' });
    expect(created.statusCode).toBe(201);
    const cycleId = created.json().id as string;
    const isCycle = (msg: ServerMessage): msg is ChangeMessage => msg.type === 'change' && msg.entity === 'cycle' && msg.data.id === cycleId;
    for (const client of [m, g]) await client.waitFor((msg) => isCycle(msg) && msg.op === 'create');

    const issueIds: string[] = [];
    for (const name of ['c-one', 'c-two']) issueIds.push((await rest(team.owner, 'POST', `/projects/${team.project.id}/issues/`, { name })).json().id as string);
    expect((await rest(team.owner, 'POST', `/projects/${team.project.id}/cycles/${cycleId}/cycle-issues/`, { issues: issueIds })).statusCode).toBe(201);
    await m.waitFor((msg) => isCycle(msg) && msg.data.total_issues === 2 && msg.data.completed_issues === 0);

    // The progress numbers follow a state change of one of its issues, and of a bulk change once.
    expect((await rest(team.owner, 'PATCH', `/projects/${team.project.id}/issues/${issueIds[0]}/`, { state_id: done.id })).statusCode).toBe(200);
    await m.waitFor((msg) => isCycle(msg) && msg.data.total_issues === 2 && msg.data.completed_issues === 1);
    const before = m.changes().filter(isCycle).length;
    const bulk = await team.server.inject({ method: 'POST', url: `${base}/bulk-operation-issues/`, headers: team.owner.headers, payload: { issue_ids: issueIds, properties: { state_id: done.id } } });
    expect(bulk.statusCode).toBeLessThan(300);
    await m.waitFor((msg) => isCycle(msg) && msg.data.completed_issues === 2);
    await flush([m, b]);
    expect(m.changes().filter(isCycle).length - before).toBe(1);
    expect(b.changes().some((msg) => msg.entity === 'cycle')).toBe(false);
  });
});

describe('completing a cycle', () => {
  test('transfer from the current cycle ends it: the cycle update with status completed reaches a member, and nobody outside the project', async () => {
    const [m, b] = [await subscribed(team.member), await subscribed(team.bystander)];
    const today = new Date().toISOString().slice(0, 10);
    const sprint = (await rest(team.owner, 'POST', `/projects/${team.project.id}/cycles/`, { name: 'Live sprint', start_date: today, end_date: today })).json() as { id: string; status: string };
    expect(sprint.status).toBe('current');
    const next = (await rest(team.owner, 'POST', `/projects/${team.project.id}/cycles/`, { name: 'Live next' })).json() as { id: string };
    const issueId = (await rest(team.owner, 'POST', `/projects/${team.project.id}/issues/`, { name: 'unfinished' })).json().id as string;
    expect((await rest(team.owner, 'POST', `/projects/${team.project.id}/cycles/${sprint.id}/cycle-issues/`, { issues: [issueId] })).statusCode).toBe(201);
    expect((await rest(team.owner, 'POST', `/projects/${team.project.id}/cycles/${sprint.id}/transfer-issues/`, { new_cycle_id: next.id })).statusCode).toBe(200);
    const event = await m.waitFor((msg) => msg.type === 'change' && msg.entity === 'cycle' && msg.op === 'update' && msg.data.id === sprint.id && msg.data.status === 'completed');
    expect(event).toMatchObject({ data: { total_issues: 1, progress_snapshot: { total_issues: 1 } } });
    await flush([b]);
    expect(b.changes().some((msg) => msg.entity === 'cycle' && msg.data.id === sprint.id)).toBe(false);
  });
});

describe('modules', () => {
  test('a changed module status reaches project members (guests too) and nobody outside the project', async () => {
    const [m, g, b] = [await subscribed(team.member), await subscribed(team.guest), await subscribed(team.bystander)];
    const created = await rest(team.owner, 'POST', `/projects/${team.project.id}/modules/`, { name: 'Live module' });
    expect(created.statusCode).toBe(201);
    const id = created.json().id as string;
    expect((await rest(team.owner, 'PATCH', `/projects/${team.project.id}/modules/${id}/`, { status: 'in-progress' })).statusCode).toBe(200);
    for (const client of [m, g]) {
      const event = await client.waitFor((msg) => msg.type === 'change' && msg.entity === 'module' && msg.op === 'update' && msg.data.id === id);
      expect(event).toMatchObject({ data: { status: 'in-progress' } });
    }
    await flush([b]);
    expect(b.changes().some((msg) => msg.entity === 'module')).toBe(false);
  });
});

describe('module progress', () => {
  test("an issue's state change re-announces its modules with the new counts, once per module for a bulk change", async () => {
    const m = await subscribed(team.member);
    const base = `/api/workspaces/${team.workspace.slug}/projects/${team.project.id}`;
    const states = (await team.server.inject({ method: 'GET', url: `${base}/states/`, headers: team.owner.headers })).json() as Array<{ id: string; group: string }>;
    const done = states.find((state) => state.group === 'completed')!;
    const module = (await rest(team.owner, 'POST', `/projects/${team.project.id}/modules/`, { name: 'Progress module' })).json() as { id: string };
    const issueIds: string[] = [];
    for (const name of ['one', 'two']) {
      const issue = await rest(team.owner, 'POST', `/projects/${team.project.id}/issues/`, { name });
      expect(issue.statusCode).toBe(201);
      issueIds.push(issue.json().id as string);
    }
    expect((await rest(team.owner, 'POST', `/projects/${team.project.id}/modules/${module.id}/issues/`, { issues: issueIds })).statusCode).toBe(201);
    const isModule = (msg: ServerMessage): msg is ChangeMessage => msg.type === 'change' && msg.entity === 'module' && msg.data.id === module.id;
    await m.waitFor((msg) => isModule(msg) && msg.data.total_issues === 2);

    expect((await rest(team.owner, 'PATCH', `/projects/${team.project.id}/issues/${issueIds[0]}/`, { state_id: done.id })).statusCode).toBe(200);
    const after = await m.waitFor<ChangeMessage>((msg) => isModule(msg) && msg.data.completed_issues === 1);
    expect(after.data).toMatchObject({ total_issues: 2, completed_issues: 1 });
    // Re-counted after the PATCH committed, by the progress reaction (server/reactions/): the module's
    // change was written by another transaction than the issue's (xmin: the writing transaction).
    const xminOf = async (entity: string, id: string) =>
      (await team.server.database.query<{ xmin: string }>(sql`select xmin::text as xmin from changes where entity = ${entity} and entity_id = ${id} order by id desc limit 1`))[0].xmin;
    expect(await xminOf('module', module.id)).not.toBe(await xminOf('issue', issueIds[0]));

    const before = m.changes().filter(isModule).length;
    const bulk = await team.server.inject({ method: 'POST', url: `${base}/bulk-operation-issues/`, headers: team.owner.headers, payload: { issue_ids: issueIds, properties: { state_id: done.id } } });
    expect(bulk.statusCode).toBeLessThan(300);
    await m.waitFor((msg) => isModule(msg) && msg.data.completed_issues === 2);
    await flush([m]);
    expect(m.changes().filter(isModule).length - before).toBe(1);

    // A name change leaves the counts alone: no module event.
    const quiet = m.changes().filter(isModule).length;
    await rest(team.owner, 'PATCH', `/projects/${team.project.id}/issues/${issueIds[0]}/`, { name: 'renamed' });
    await flush([m]);
    expect(m.changes().filter(isModule).length).toBe(quiet);

    // Deleting an issue takes it out of the counts.
    expect((await team.server.inject({ method: 'DELETE', url: `${base}/issues/${issueIds[1]}/`, headers: team.owner.headers })).statusCode).toBe(204);
    await m.waitFor((msg) => isModule(msg) && msg.data.total_issues === 1 && msg.data.completed_issues === 1);
  });
});

describe('views', () => {
  test('private views reach their owner only; a shared view turned private arrives as a delete for others', async () => {
    const [owner, other] = [await subscribed(team.member), await subscribed(team.owner)];
    const secret = await rest(team.member, 'POST', `/projects/${team.project.id}/views/`, { name: 'Secret', access: ViewAccess.PRIVATE });
    const shared = await rest(team.member, 'POST', '/views/', { name: 'Shared global' });
    await owner.waitFor((msg) => msg.type === 'change' && msg.entity === 'view' && msg.data.id === secret.json().id);
    await other.waitFor((msg) => msg.type === 'change' && msg.entity === 'view' && msg.data.id === shared.json().id);
    expect((await rest(team.member, 'POST', `/views/${shared.json().id}/access/`, { access: ViewAccess.PRIVATE })).statusCode).toBe(204);
    const gone = await other.waitFor<ChangeMessage>((msg) => msg.type === 'change' && msg.entity === 'view' && msg.op === 'delete' && msg.data.id === shared.json().id);
    expect(gone.data).toEqual({ id: shared.json().id });
    await flush([owner, other]);
    expect(other.changes().some((msg) => msg.entity === 'view' && msg.data.id === secret.json().id)).toBe(false);
    expect(owner.changes().some((msg) => msg.entity === 'view' && msg.op === 'update' && msg.data.id === shared.json().id && msg.data.access === ViewAccess.PRIVATE)).toBe(true);
  });

  test('a workspace guest hears only the global views they own', async () => {
    const g = await subscribed(team.guest);
    const view = await rest(team.owner, 'POST', '/views/', { name: 'Admin global' });
    expect(view.statusCode).toBe(201);
    await flush([g]);
    await settle(50);
    expect(g.changes().some((msg) => msg.entity === 'view' && msg.data.id === view.json().id)).toBe(false);
  });
});
