// Real objects for the bad-input fuzz to aim at: a path filled with random ids only ever reaches a
// route's 404, so the update code behind it (where `PATCH {}` and unknown ids used to answer 500)
// is never run. Each object is created through the API, as a client would, and its id is what
// `fillRealPath` puts in the matching path parameter.
import { sql } from 'drizzle-orm';
import type { TestServer } from '../support/server';
import { fillPath, type World } from '../support/world';

/** Path parameter → id of a live object; `viewId` is resolved per URL (project or workspace view). */
export type RealObjects = Record<string, string>;

/** Creates one object of each kind the routes take by id; an object that cannot be made is left out. */
export async function buildRealObjects(server: TestServer, world: World): Promise<RealObjects> {
  const project = `/api/workspaces/${world.workspace.slug}/projects/${world.project.id}`;
  const workspace = `/api/workspaces/${world.workspace.slug}`;
  const create = async (url: string, body: unknown): Promise<Record<string, unknown>> => {
    const response = await server.inject({ method: 'POST', url, headers: world.headers.admin, payload: body as object });
    if (response.statusCode >= 300) throw new Error(`fuzz objects: POST ${url} answered ${response.statusCode} ${response.body.slice(0, 200)}`);
    return response.json() as Record<string, unknown>;
  };
  const idOf = (row: Record<string, unknown>): string => String(row.id);

  const objects: RealObjects = {};
  objects.issueId = idOf(await create(`${project}/issues/`, { name: 'Fuzz target' }));
  objects.cycleId = idOf(await create(`${project}/cycles/`, { name: 'Fuzz cycle' }));
  objects.moduleId = idOf(await create(`${project}/modules/`, { name: 'Fuzz module' }));
  objects.projectViewId = idOf(await create(`${project}/views/`, { name: 'Fuzz view' }));
  objects.workspaceViewId = idOf(await create(`${workspace}/views/`, { name: 'Fuzz workspace view' }));
  objects.pageId = idOf(await create(`${project}/pages/`, { name: 'Fuzz page' }));
  objects.labelId = idOf(await create(`${project}/issue-labels/`, { name: 'fuzz-label' }));
  objects.stateId = idOf(await create(`${project}/states/`, { name: 'Fuzz state', color: '#112233', group: 'started' }));
  objects.commentId = idOf(await create(`${project}/issues/${objects.issueId}/comments/`, { comment_html: '<p>fuzz</p>' }));
  objects.analyticViewId = idOf(await create(`${workspace}/analytic-view/`, { name: 'Fuzz analytics', query_dict: { x_axis: 'priority', y_axis: 'issue_count' } }));
  const estimate = await create(`${project}/estimates/`, {
    estimate: { name: 'Fuzz points', type: 'points' },
    estimate_points: [{ key: 1, value: '1' }, { key: 2, value: '2' }],
  });
  objects.estimateId = idOf((estimate.estimate as Record<string, unknown> | undefined) ?? estimate);
  const [point] = await server.database.query<{ id: string }>(sql`select id from estimate_points where estimate_id = ${objects.estimateId} limit 1`);
  if (point) objects.pointId = point.id;
  objects.draftId = idOf(await create(`${project}/issue-drafts/`, { name: 'Fuzz draft' }));
  objects.linkId = idOf(await create(`${project}/issues/${objects.issueId}/issue-links/`, { url: 'https://example.com/fuzz' }));
  // An uploaded attachment (the app's multipart upload), for the /api/v1 attachment routes.
  const boundary = 'fuzz-boundary';
  const upload = await server.inject({
    method: 'POST',
    url: `${project}/issues/${objects.issueId}/issue-attachments/`,
    headers: { ...world.headers.admin, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: `--${boundary}\r\nContent-Disposition: form-data; name="asset"; filename="fuzz.txt"\r\nContent-Type: text/plain\r\n\r\nfuzz\r\n--${boundary}--\r\n`,
  });
  if (upload.statusCode !== 201) throw new Error(`fuzz objects: attachment upload answered ${upload.statusCode} ${upload.body.slice(0, 200)}`);
  objects.attachmentId = idOf(upload.json());
  objects.moduleLinkId = idOf(await create(`${project}/modules/${objects.moduleId}/module-links/`, { url: 'https://example.com/module' }));
  objects.favoriteId = idOf(await create(`${workspace}/user-favorites/`, { entity_type: 'project', entity_identifier: world.project.id, project_id: world.project.id }));
  objects.boardId = idOf(await create(`${project}/project-deploy-boards/`, {}));
  // Intake: switched on for the project, one submission; its routes take the submitted ISSUE's id.
  const intakeOn = await server.inject({ method: 'PATCH', url: `${project}/`, headers: world.headers.admin, payload: { intake_view: true } });
  if (intakeOn.statusCode !== 200) throw new Error(`fuzz objects: intake_view answered ${intakeOn.statusCode}`);
  await create(`${project}/intake-issues/`, { issue: { name: 'Fuzz submission' } });
  const [submission] = await server.database.query<{ intake_id: string; issue_id: string }>(
    sql`select intake_id, issue_id from intake_issues where project_id = ${world.project.id} limit 1`,
  );
  objects.intakeId = submission.intake_id;
  objects.intakeIssueId = submission.issue_id;
  // Webhooks are written directly: saving one through the API resolves its host, which a test
  // machine may not be able to do.
  const [webhook] = await server.database.query<{ id: string }>(
    sql`insert into webhooks (workspace_id, url, secret_key) values (${world.workspace.id}, 'https://example.com/hook', 'fuzz-secret') returning id`,
  );
  objects.webhookId = webhook.id;
  // `:userId` routes act on the caller's own rows (preferences) or a subscriber.
  objects.userId = world.admin.id;
  const [membership] = await server.database.query<{ id: string }>(
    sql`select id from workspace_members where workspace_id = ${world.workspace.id} and member_id = ${world.member.id}`,
  );
  if (membership) objects.workspaceMemberId = membership.id;
  const [projectMembership] = await server.database.query<{ id: string }>(
    sql`select id from project_members where project_id = ${world.project.id} and member_id = ${world.member.id}`,
  );
  if (projectMembership) objects.projectMemberId = projectMembership.id;
  return objects;
}

/** Fills a route's path with the real objects where it names one, random ids elsewhere (fillPath). */
export function fillRealPath(url: string, world: World, objects: RealObjects): string {
  const overrides: Record<string, string> = {};
  for (const name of url.match(/:\w+/g) ?? []) {
    const param = name.slice(1);
    const id = realIdFor(url, param, objects);
    if (id) overrides[param] = id;
  }
  return fillPath(url, world, overrides);
}

function realIdFor(url: string, param: string, objects: RealObjects): string | undefined {
  switch (param) {
    case 'viewId':
      if (url.includes('/analytic-view/')) return objects.analyticViewId;
      return url.includes('/projects/') ? objects.projectViewId : objects.workspaceViewId;
    case 'issueId':
      if (/\/(intake|inbox)-issues\//.test(url)) return objects.intakeIssueId;
      if (/(issue-drafts|draft-issues|draft-to-issue)\//.test(url)) return objects.draftId;
      return objects.issueId;
    case 'linkId':
      return url.includes('/module-links/') ? objects.moduleLinkId : objects.linkId;
    case 'memberId':
      return url.includes('/projects/') ? objects.projectMemberId : objects.workspaceMemberId;
    default:
      return objects[param];
  }
}
