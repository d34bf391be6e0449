// The home dashboard's count widgets against a straightforward computation (issue #14 rewrite):
// overview_stats, the assigned/created lists and recent_collaborators now start from the caller's
// own rows with their projects resolved first (server/services/planning/dashboard-scope.ts). Here a few
// hundred seeded issues — random states, creators, assignees and due dates over two projects, one
// of which the guest may only see their own issues in, plus deleted, archived, draft and intake
// issues that no widget may count — are counted again the plain way: the list engine's workspace
// scope, one issue at a time. Both must agree for every caller.
import { beforeAll, describe, expect, test } from 'vitest';
import { sql } from 'drizzle-orm';
import { addProjectMember, buildProject, type TestProject } from '../../tests/support/factories';
import { useWorld, type CallerName } from '../../tests/support/world';
import { seedIssues } from '../../db/seed/seed';
import { createRandom } from '../../db/seed/generate';
import { workspaceIssueScope } from '../list-engine/scope';
import { todayIn } from '../../shared/calendar-day';
import { Role } from '../../shared/roles';

const OPEN = sql`s.group in ('backlog', 'unstarted', 'started')`;

describe('dashboard counts agree with a plain count', () => {
  const world = useWorld();
  let second: TestProject;
  const dashboards: Partial<Record<CallerName, string>> = {};

  beforeAll(async () => {
    second = await buildProject(world.server, world.workspace, world.admin);
    await addProjectMember(world.server, second, world.member, 15);
    // The guest sees every issue of the world's project only if it allows it; here neither does.
    await addProjectMember(world.server, second, world.guest, 5);
    const people = [world.admin.id, world.member.id, world.guest.id];
    const random = createRandom(7);
    for (const project of [world.project, second]) {
      const states = await world.server.database.query<{ id: string; group: string }>(sql`select id, "group" from states where project_id = ${project.id}`);
      const stateIds = Object.fromEntries(states.map((state) => [state.group, state.id]));
      await seedIssues(world.server.database, { count: 150, random, project: { id: project.id, workspaceId: world.workspace.id }, userIds: people, stateIds, labelIds: [], pointIds: [], cycleIds: [], moduleIds: [], log: () => {} });
    }
    // Issues no widget may count: deleted, archived, drafts, and one still waiting in intake.
    await world.server.database.query(sql`update issues set deleted_at = now() where id in (select id from issues where project_id = ${world.project.id} order by sequence_id limit 7)`);
    await world.server.database.query(sql`update issues set archived_at = now() where id in (select id from issues where project_id = ${world.project.id} order by sequence_id offset 7 limit 6)`);
    await world.server.database.query(sql`update issues set is_draft = true where id in (select id from issues where project_id = ${second.id} order by sequence_id limit 5)`);
    await world.server.database.query(sql`with intake as (
        insert into intakes (project_id, workspace_id, name) values (${second.id}, ${world.workspace.id}, 'Intake') returning id
      )
      insert into intake_issues (issue_id, project_id, workspace_id, intake_id, status)
      select i.id, i.project_id, i.workspace_id, intake.id, -2 from issues i, intake
      where i.project_id = ${second.id} order by i.sequence_id offset 5 limit 4`);
    for (const caller of ['admin', 'member', 'guest'] as const) {
      const response = await world.server.inject({ method: 'GET', url: `/api/workspaces/${world.workspace.slug}/dashboard/?dashboard_type=home`, headers: world.headers[caller] });
      dashboards[caller] = response.json().dashboard.id;
    }
  }, 120_000);

  const widget = async (caller: CallerName, query: string) => {
    const response = await world.server.inject({ method: 'GET', url: `/api/workspaces/${world.workspace.slug}/dashboard/${dashboards[caller]}/?${query}`, headers: world.headers[caller] });
    expect(response.statusCode).toBe(200);
    return response.json();
  };

  const actorOf = (caller: 'admin' | 'member' | 'guest') => ({
    userId: world[caller].id,
    workspace: { id: world.workspace.id },
    workspaceRole: caller === 'admin' ? Role.ADMIN : caller === 'member' ? Role.MEMBER : Role.GUEST,
  });

  /** Every visible issue of the caller, one row each, with what the widgets look at. */
  async function visibleIssues(caller: 'admin' | 'member' | 'guest') {
    const scope = workspaceIssueScope(actorOf(caller)).where;
    return world.server.database.query<{ id: string; created_by: string; group: string | null; target_date: string | null; assignees: string[] }>(sql`
      select i.id, i.created_by, s.group, i.target_date::text as target_date,
        coalesce((select array_agg(a.assignee_id::text) from issue_assignees a where a.issue_id = i.id and a.deleted_at is null), '{}') as assignees
      from issues i left join states s on s.id = i.state_id
      where ${scope}`);
  }

  test.each(['admin', 'member', 'guest'] as const)('overview_stats for the %s', async (caller) => {
    const userId = world[caller].id;
    const today = todayIn('UTC');
    const issues = await visibleIssues(caller);
    const assigned = issues.filter((issue) => issue.assignees.includes(userId));
    const open = (issue: { group: string | null }) => ['backlog', 'unstarted', 'started'].includes(issue.group ?? '');
    const expected = {
      assigned_issues_count: assigned.length,
      pending_issues_count: assigned.filter((issue) => issue.target_date !== null && issue.target_date < today && open(issue)).length,
      completed_issues_count: assigned.filter((issue) => issue.group === 'completed').length,
      created_issues_count: issues.filter((issue) => issue.created_by === userId).length,
    };
    if (caller !== 'guest') expect(expected.assigned_issues_count).toBeGreaterThan(20); // the seed gave them something to count
    expect(await widget(caller, 'widget_key=overview_stats')).toEqual(expected);
  });

  test.each(['admin', 'member', 'guest'] as const)('assigned and created lists (pending, any due date) for the %s', async (caller) => {
    const userId = world[caller].id;
    const issues = await visibleIssues(caller);
    const open = issues.filter((issue) => ['backlog', 'unstarted', 'started'].includes(issue.group ?? ''));
    for (const [key, mine] of [
      ['assigned_issues', open.filter((issue) => issue.assignees.includes(userId))],
      ['created_issues', open.filter((issue) => issue.created_by === userId)],
    ] as const) {
      const body = await widget(caller, `widget_key=${key}&issue_type=pending`);
      expect(body.count).toBe(mine.length);
      expect(body.issues).toHaveLength(Math.min(5, mine.length));
      // The five shown are the earliest due (no date last); each is one of the caller's open issues.
      const ids = new Set(mine.map((issue) => issue.id));
      for (const shown of body.issues as Array<{ id: string; target_date: string | null }>) expect(ids.has(shown.id)).toBe(true);
      const dated = mine.map((issue) => issue.target_date).filter((date): date is string => date !== null).sort();
      expect((body.issues as Array<{ target_date: string | null }>).map((issue) => issue.target_date)).toEqual(
        [...dated, ...mine.filter((issue) => issue.target_date === null).map(() => null)].slice(0, 5),
      );
    }
  });

  test.each(['admin', 'member', 'guest'] as const)('recent_collaborators for the %s', async (caller) => {
    const userId = world[caller].id;
    const scope = workspaceIssueScope(actorOf(caller)).where;
    // The plain way: per collaborator, a count of the open issues assigned to them the caller can see.
    const expected = await world.server.database.query<{ user_id: string; active_issue_count: number }>(sql`
      select pm.member_id::text as user_id, (
        select count(*)::int from issues i join states s on s.id = i.state_id
        where ${scope} and ${OPEN}
          and exists (select 1 from issue_assignees a where a.issue_id = i.id and a.assignee_id = pm.member_id and a.deleted_at is null)
      ) as active_issue_count
      from (select distinct pm.member_id from project_members pm join projects p on p.id = pm.project_id
            where pm.is_active and p.deleted_at is null and p.archived_at is null and pm.member_id <> ${userId}
              and pm.project_id in (select project_id from project_members where member_id = ${userId} and is_active)) pm
      order by active_issue_count desc, user_id`);
    expect(expected.length).toBeGreaterThan(0);
    expect(await widget(caller, 'widget_key=recent_collaborators')).toEqual(expected.map((row) => ({ ...row, active_issue_count: Number(row.active_issue_count) })));
  });
});
