import { beforeAll, describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import { intakeIssues, intakes, issueRelations, issues, pages, pageProjects, projects } from '../../db/schema/index';
import { buildProject, type TestProject, type TestUser } from '../../tests/support/factories';
import { useTeam } from '../../tests/support/team';
import { insertCycles, insertIssues, insertModules } from '../../tests/list-engine/fixtures';

const team = useTeam({ guest: { workspace: 5, project: 5 }, outsider: { workspace: 15 } }, { instanceAdmin: true, project: { identifier: 'WEB', name: 'Website' } });
let other: TestProject;
let ids: Record<string, string>;
let moduleId: string;

const get = (url: string, user: TestUser = team.owner) => team.server.inject({ method: 'GET', url, headers: user.headers });
const pickerNames = async (query: string, user: TestUser = team.owner) => {
  const response = await get(`/api/workspaces/${team.workspace.slug}/projects/${team.project.id}/search-issues/${query}`, user);
  expect(response.statusCode, query).toBe(200);
  return response.json().map((item: { name: string }) => item.name).sort();
};

beforeAll(async () => {
  other = await buildProject(team.server, team.workspace, team.owner, { identifier: 'API', name: 'Backend' });
  const { db } = team.server.database;
  const [cycleId] = await insertCycles(db, team.project, ['Sprint']);
  [moduleId] = await insertModules(db, team.project, ['Login module']);
  const [root, mid] = await insertIssues(db, team.project, [
    { name: 'root', createdBy: team.owner.id, targetDate: '2024-01-01' },
    { name: 'fixing login bug', createdBy: team.owner.id, cycleId },
  ]);
  const [leaf] = await insertIssues(db, team.project, [{ name: 'leaf', parentId: mid, createdBy: team.guest.id, moduleIds: [moduleId] }]);
  const [child] = await insertIssues(db, team.project, [{ name: 'grandchild', parentId: leaf, createdBy: team.owner.id }]);
  const [related] = await insertIssues(db, team.project, [{ name: 'related', createdBy: team.owner.id }]);
  await db.update(issues).set({ parentId: root }).where(eq(issues.id, mid));
  const [api] = await insertIssues(db, other, [{ name: 'api login', createdBy: team.owner.id }]);
  await db.insert(issueRelations).values({ issueId: related, relatedIssueId: mid, relationType: 'relates_to', projectId: team.project.id, workspaceId: team.workspace.id });
  ids = { root, mid, leaf, child, related, api };
  const [page] = await db.insert(pages).values({ workspaceId: team.workspace.id, name: 'Login notes', ownedById: team.owner.id }).returning();
  await db.insert(pageProjects).values({ pageId: page.id, projectId: team.project.id, workspaceId: team.workspace.id });
});

describe('GET search-issues/', () => {
  test('matches name, sequence and identifier within the project', async () => {
    expect(await pickerNames('?search=LOGIN')).toEqual(['fixing login bug']);
    expect(await pickerNames('?search=WEB-1')).toEqual(['root']);
    expect(await pickerNames('?search=web')).toHaveLength(5);
    expect(await pickerNames('?search=login&workspace_search=true')).toEqual(['api login', 'fixing login bug']);
  });

  test('applies every exclusion flag', async () => {
    // Parent picker for "leaf": not itself, not its parent, not its descendants.
    expect(await pickerNames(`?parent=true&issue_id=${ids.leaf}`)).toEqual(['related', 'root']);
    // Sub-issue picker for "mid": root issues other than itself and its ancestors.
    expect(await pickerNames(`?sub_issue=true&issue_id=${ids.mid}`)).toEqual(['related']);
    expect(await pickerNames(`?issue_relation=true&issue_id=${ids.mid}`)).toEqual(['grandchild', 'leaf', 'root']);
    expect(await pickerNames('?cycle=true')).toEqual(['grandchild', 'leaf', 'related', 'root']);
    expect(await pickerNames(`?module=${moduleId}`)).toEqual(['fixing login bug', 'grandchild', 'related', 'root']);
    expect(await pickerNames('?target_date=none')).toEqual(['fixing login bug', 'grandchild', 'leaf', 'related']);
  });

  test('returns the picker fields; a guest sees only own issues', async () => {
    const [item] = (await get(`/api/workspaces/${team.workspace.slug}/projects/${team.project.id}/search-issues/?search=root`)).json();
    expect(Object.keys(item).sort()).toEqual(
      ['name', 'id', 'start_date', 'sequence_id', 'project__name', 'project__identifier', 'project_id', 'workspace__slug', 'state__name', 'state__group', 'state__color'].sort(),
    );
    expect(item).toMatchObject({ project__identifier: 'WEB', workspace__slug: team.workspace.slug, state__group: 'backlog' });
    expect(await pickerNames('', team.guest)).toEqual(['leaf']);
    expect((await get(`/api/workspaces/${team.workspace.slug}/projects/${team.project.id}/search-issues/`, team.outsider)).statusCode).toBe(403);
    expect((await team.server.inject({ method: 'GET', url: `/api/workspaces/${team.workspace.slug}/projects/${team.project.id}/search-issues/` })).statusCode).toBe(401);
  });

  test('issues of an archived project are not offered', async () => {
    const { db } = team.server.database;
    await db.update(projects).set({ archivedAt: new Date() }).where(eq(projects.id, other.id));
    try {
      expect(await pickerNames('?search=login&workspace_search=true')).toEqual(['fixing login bug']);
      const inArchived = await get(`/api/workspaces/${team.workspace.slug}/projects/${other.id}/search-issues/?search=login`);
      expect(inArchived.statusCode).toBe(200);
      expect(inArchived.json()).toEqual([]);
    } finally {
      await db.update(projects).set({ archivedAt: null }).where(eq(projects.id, other.id));
    }
  });
});

describe('GET /api/workspaces/:slug/search/', () => {
  test('searches issues by full text prefix and key, projects and pages', async () => {
    const body = (await get(`/api/workspaces/${team.workspace.slug}/search/?search=logi`)).json();
    expect(Object.keys(body.results).sort()).toEqual(['cycle', 'intake', 'issue', 'issue_view', 'module', 'page', 'project', 'workspace']);
    expect(body.results.issue.map((i: { name: string }) => i.name).sort()).toEqual(['api login', 'fixing login bug']);
    expect(body.results.module.map((m: { name: string }) => m.name)).toEqual(['Login module']);
    expect(body.results.page[0]).toMatchObject({ name: 'Login notes', project_identifiers: ['WEB'] });
    const byKey = (await get(`/api/workspaces/${team.workspace.slug}/search/?search=API-1&entities=issue`)).json();
    expect(byKey.results.issue.map((i: { name: string }) => i.name)).toContain('api login');
    expect(Object.keys(byKey.results)).toEqual(['issue']);
    const projects = (await get(`/api/workspaces/${team.workspace.slug}/search/?search=back&entities=project`)).json();
    expect(projects.results.project).toEqual([{ name: 'Backend', id: other.id, identifier: 'API', workspace__slug: team.workspace.slug }]);
  });

  test('issue names match anywhere inside (icontains); intake issues are searched as their own entity', async () => {
    const { db } = team.server.database;
    const [intakeIssue] = await insertIssues(db, team.project, [{ name: 'triage crash report', createdBy: team.owner.id }]);
    const [intake] = await db.insert(intakes).values({ projectId: team.project.id, workspaceId: team.workspace.id, name: 'Intake', isDefault: true }).returning();
    await db.insert(intakeIssues).values({ intakeId: intake.id, issueId: intakeIssue, projectId: team.project.id, workspaceId: team.workspace.id });
    const inside = (await get(`/api/workspaces/${team.workspace.slug}/search/?search=ogin&entities=issue`)).json();
    expect(inside.results.issue.map((i: { name: string }) => i.name).sort()).toEqual(['api login', 'fixing login bug']);
    const body = (await get(`/api/workspaces/${team.workspace.slug}/search/?search=crash&entities=issue,intake`)).json();
    // Still pending in intake, so not an issue of the lists yet.
    expect(body.results.issue).toEqual([]);
    expect(body.results.intake).toEqual([
      { name: 'triage crash report', id: intakeIssue, sequence_id: expect.any(Number), project__identifier: 'WEB', project_id: team.project.id, workspace__slug: team.workspace.slug },
    ]);
    // `project_id` narrows the project entities (issues, intake, …) but not the project search itself.
    const narrowed = (await get(`/api/workspaces/${team.workspace.slug}/search/?search=login&project_id=${team.project.id}&entities=issue`)).json();
    expect(narrowed.results.issue.map((i: { name: string }) => i.name)).toEqual(['fixing login bug']);
    const projects = (await get(`/api/workspaces/${team.workspace.slug}/search/?search=back&project_id=${team.project.id}&entities=project`)).json();
    expect(projects.results.project.map((p: { id: string }) => p.id)).toEqual([other.id]);
    // The guest rule of issue lists: a project guest does not see others' intake issues.
    expect((await get(`/api/workspaces/${team.workspace.slug}/search/?search=crash&entities=intake`, team.guest)).json().results.intake).toEqual([]);
  });

  test('only shows what the caller can see; empty search matches nothing', async () => {
    const guestBody = (await get(`/api/workspaces/${team.workspace.slug}/search/?search=login`, team.guest)).json();
    expect(guestBody.results.issue).toEqual([]);
    expect(guestBody.results.project).toEqual([]);
    const empty = (await get(`/api/workspaces/${team.workspace.slug}/search/?search=`)).json();
    expect(empty.results.issue).toEqual([]);
    expect((await team.server.inject({ method: 'GET', url: `/api/workspaces/${team.workspace.slug}/search/?search=x` })).statusCode).toBe(401);
    expect((await get(`/api/workspaces/${team.workspace.slug}/search/?search=${'x'.repeat(3000)}`)).statusCode).toBe(400);
  });
});
