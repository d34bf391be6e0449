// Plane's Node SDK (@makeplane/plane-node-sdk) on the /api/v1 resources beyond work items: project
// features and members, intake, estimates and their points, and project pages — create → list →
// retrieve → update → delete, each answer checked against what the app API says about the same rows.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { PlaneClient } from '@makeplane/plane-node-sdk';
import { createApiKey, startPublicApiWorld, statusOf, type PublicApiWorld } from './support';

describe("Plane's Node SDK on /api/v1: project resources", () => {
  let t: PublicApiWorld;
  let admin: PlaneClient;
  let slug: string;
  let projectId: string;
  const app = (path: string) => t.appGet(`/api/workspaces/${slug}/projects/${projectId}${path}`);
  /** A public API call the SDK has no method for, with the admin's key. */
  let adminKey: string;
  const v1 = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${t.baseUrl}/api/v1/workspaces/${slug}/projects/${projectId}${path}`, {
      method,
      headers: { 'x-api-key': adminKey, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: response.status, body: response.status === 204 ? null : await response.json() };
  };

  beforeAll(async () => {
    t = await startPublicApiWorld();
    adminKey = await createApiKey(t.server, t.world, t.world.admin, { label: 'admin' });
    admin = new PlaneClient({ baseUrl: t.baseUrl, apiKey: adminKey });
    slug = t.world.workspace.slug;
    projectId = t.world.project.id;
  });
  afterAll(async () => t?.server.close());

  test('project features: retrieve → update, as the app API sees the project', async () => {
    const features = await t.plane.projects.retrieveFeatures(slug, projectId);
    const appProject = (await app('/')) as Record<string, boolean>;
    expect(features).toEqual({ epics: false, work_item_types: false, modules: appProject.module_view, cycles: appProject.cycle_view, views: appProject.issue_views_view, pages: appProject.page_view, intakes: appProject.intake_view });
    const updated = await admin.projects.updateFeatures(slug, projectId, { intakes: true, pages: false });
    expect(updated).toMatchObject({ intakes: true, pages: false });
    expect(await app('/')).toMatchObject({ intake_view: true, page_view: false });
    await admin.projects.updateFeatures(slug, projectId, { pages: true });
    // A member is no project admin; a feature Trellis lacks is refused, never silently dropped.
    expect(await statusOf(t.plane.projects.updateFeatures(slug, projectId, { cycles: false }))).toBe(403);
    expect(await statusOf(admin.projects.updateFeatures(slug, projectId, { epics: true }))).toBe(400);
  });

  test('project members: remove → add → change role', async () => {
    const guestId = t.world.guest.id;
    expect((await v1('DELETE', `/members/${guestId}/`)).status).toBe(204);
    const appMembers = () => app('/members/') as Promise<Array<{ member: string; role: number }>>;
    expect((await appMembers()).map((row) => row.member)).not.toContain(guestId);
    expect((await t.plane.projects.getMembers(slug, projectId)).map((member) => member.id)).not.toContain(guestId);
    const added = await v1('POST', '/project-members/', { member: guestId, role: 5 });
    expect(added).toMatchObject({ status: 201, body: { id: guestId, role: 5 } });
    expect((await appMembers()).find((row) => row.member === guestId)?.role).toBe(5);
    // The app's role rules hold: a workspace guest cannot become a project admin.
    expect((await v1('PATCH', `/members/${guestId}/`, { role: 20 })).status).toBe(400);
    expect((await v1('POST', '/members/', { member: '00000000-0000-4000-8000-000000000000' })).status).toBe(404);
  });

  test('intake: create → list → retrieve → update → triage → delete', async () => {
    await admin.projects.updateFeatures(slug, projectId, { intakes: true });
    const created = await t.plane.intake.create(slug, projectId, { issue: { name: 'Broken login', description_html: '<p>steps</p>', priority: 'high' } });
    expect(created).toMatchObject({ status: -2, project: projectId, workspace: t.world.workspace.id, issue_detail: { name: 'Broken login', priority: 'high' } });
    const issueId = created.issue!;
    expect(created.intake).toBe(((await app('/intakes/')) as { id: string }).id);
    const list = await t.plane.intake.list(slug, projectId);
    expect(list.results.map((row) => row.issue)).toEqual([issueId]);
    expect(await t.plane.intake.retrieve(slug, projectId, issueId)).toMatchObject({ issue: issueId, issue_detail: { id: issueId, description_html: '<p>steps</p>' } });
    const updated = await admin.intake.update(slug, projectId, issueId, { issue: { name: 'Broken login on Safari' } });
    expect(updated.issue_detail).toMatchObject({ name: 'Broken login on Safari' });
    const accepted = await admin.intake.updateStatus(slug, projectId, issueId, { status: 1 });
    expect(accepted.status).toBe(1);
    expect(await app(`/intake-issues/${issueId}/`)).toMatchObject({ status: 1, issue: { name: 'Broken login on Safari' } });
    // Plane lists every status; accepted submissions stay in the list.
    expect((await t.plane.intake.list(slug, projectId)).results.map((row) => row.status)).toEqual([1]);
    await admin.intake.delete(slug, projectId, issueId);
    expect(await statusOf(t.plane.intake.retrieve(slug, projectId, issueId))).toBe(404);
  });

  test('estimates and points: create → retrieve → update → points CRUD → delete', async () => {
    expect(await statusOf(t.plane.estimates.retrieve(slug, projectId))).toBe(404);
    const estimate = await admin.estimates.create(slug, projectId, { name: 'Story points', type: 'points' });
    expect(estimate).toMatchObject({ name: 'Story points', type: 'points', project: projectId });
    const points = await admin.estimates.createPoints(slug, projectId, estimate.id, [{ value: '1' }, { value: '3' }, { value: '8', key: 3 }]);
    expect(points.map((point) => [point.key, point.value])).toEqual([[1, '1'], [2, '3'], [3, '8']]);
    const listed = await t.plane.estimates.listPoints(slug, projectId, estimate.id);
    const appEstimate = (await app(`/estimates/${estimate.id}/`)) as { points: Array<{ id: string; value: string }> };
    expect(listed.map((point) => point.id)).toEqual(appEstimate.points.map((point) => point.id));
    expect(await t.plane.estimates.retrieve(slug, projectId)).toMatchObject({ id: estimate.id, name: 'Story points' });
    expect(await admin.estimates.update(slug, projectId, { name: 'Points', description: 'fibonacci' })).toMatchObject({ name: 'Points', description: 'fibonacci' });
    expect(await app(`/estimates/${estimate.id}/`)).toMatchObject({ name: 'Points', description: 'fibonacci' });
    expect(await admin.estimates.updatePoint(slug, projectId, estimate.id, points[2].id, { value: '5' })).toMatchObject({ value: '5' });
    await admin.estimates.deletePoint(slug, projectId, estimate.id, points[0].id);
    expect((await t.plane.estimates.listPoints(slug, projectId, estimate.id)).map((point) => [point.key, point.value])).toEqual([[1, '3'], [2, '5']]);
    expect(await statusOf(t.plane.estimates.createPoints(slug, projectId, estimate.id, [{ value: '13' }]))).toBe(200);
    await admin.estimates.delete(slug, projectId);
    expect(await statusOf(t.plane.estimates.retrieve(slug, projectId))).toBe(404);
    expect(await app('/estimates/')).toEqual([]);
  });

  test('project pages with description_html: create → list → retrieve → update → delete', async () => {
    const created = await t.plane.pages.createProjectPage(slug, projectId, { name: 'Runbook', description_html: '<p>restart the workers</p>' });
    expect(created).toMatchObject({ name: 'Runbook', description_html: '<p>restart the workers</p>', owned_by: t.world.member.id, project: projectId, workspace: t.world.workspace.id });
    const list = await t.plane.pages.listProjectPages(slug, projectId);
    expect(list.results.map((page) => page.id)).toEqual(((await app('/pages/')) as Array<{ id: string }>).map((page) => page.id));
    expect(list.results.map((page) => page.id)).toContain(created.id);
    const one = await t.plane.pages.retrieveProjectPage(slug, projectId, created.id);
    expect(one).toMatchObject({ id: created.id, description_html: (await app(`/pages/${created.id}/`)).description_html });
    const patched = await fetch(`${t.baseUrl}/api/v1/workspaces/${slug}/projects/${projectId}/pages/${created.id}/`, {
      method: 'PATCH',
      headers: { 'x-api-key': t.memberKey, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Runbook v2' }),
    });
    expect(patched.status).toBe(200);
    expect((await app(`/pages/${created.id}/`)).name).toBe('Runbook v2');
    // A private page of the member is not the admin's to read: the app's page row rule, its answer.
    const secret = await t.plane.pages.createProjectPage(slug, projectId, { name: 'Private notes', access: 1 });
    const appAnswer = await t.server.inject({ method: 'GET', url: `/api/workspaces/${slug}/projects/${projectId}/pages/${secret.id}/`, headers: t.world.admin.headers });
    expect(appAnswer.statusCode).toBe(403);
    expect((await v1('GET', `/pages/${secret.id}/`)).status).toBe(403);
    const call = (method: string, path: string) => fetch(`${t.baseUrl}/api/v1/workspaces/${slug}/projects/${projectId}/pages/${created.id}/${path}`, { method, headers: { 'x-api-key': t.memberKey } });
    // The app's rule: only an archived page is deleted.
    expect((await call('DELETE', '')).status).toBe(400);
    expect((await call('POST', 'archive/')).status).toBe(200);
    expect((await app(`/pages/${created.id}/`)).archived_at).not.toBeNull();
    expect((await call('DELETE', 'unarchive/')).status).toBe(204);
    expect((await app(`/pages/${created.id}/`)).archived_at).toBeNull();
    await call('POST', 'archive/');
    expect((await call('DELETE', '')).status).toBe(204);
    expect(await statusOf(t.plane.pages.retrieveProjectPage(slug, projectId, created.id))).toBe(404);
  });
  test("attachments, Plane's flow: announce → upload to the signed form → confirm → list → retrieve → delete", async () => {
    const item = await t.plane.workItems.create(slug, projectId, { name: 'Has a screenshot' });
    const announced = (await t.plane.workItems.attachments.create(slug, projectId, item.id, { name: 'shot.png', type: 'image/png', size: 5 })) as unknown as {
      upload_data: { url: string; fields: Record<string, string> };
      asset_id: string;
      attachment: { is_uploaded: boolean };
    };
    expect(announced.attachment.is_uploaded).toBe(false);
    // Not listed, and not confirmable, before its file arrives.
    expect(await t.plane.workItems.attachments.list(slug, projectId, item.id)).toEqual([]);
    expect(await statusOf(t.plane.workItems.attachments.update(slug, projectId, item.id, announced.asset_id, { is_uploaded: true }))).toBe(400);
    // The upload form is a presigned URL: no API key, and a forged signature is refused.
    const form = (fields: Record<string, string>) => {
      const body = new FormData();
      for (const [key, value] of Object.entries(fields)) body.append(key, value);
      body.append('file', new Blob([new Uint8Array([137, 80, 78, 71, 1])], { type: 'image/png' }), 'shot.png');
      return body;
    };
    expect((await fetch(announced.upload_data.url, { method: 'POST', body: form({ ...announced.upload_data.fields, signature: 'f'.repeat(64) }) })).status).toBe(404);
    expect((await fetch(announced.upload_data.url, { method: 'POST', body: form(announced.upload_data.fields) })).status).toBe(204);
    const confirmed = await t.plane.workItems.attachments.update(slug, projectId, item.id, announced.asset_id, { is_uploaded: true });
    expect(confirmed).toMatchObject({ id: announced.asset_id, is_uploaded: true, size: 5, issue: item.id });
    const appList = (await app(`/issues/${item.id}/issue-attachments/`)) as Array<{ id: string; attributes: { name: string } }>;
    expect(appList.map((row) => [row.id, row.attributes.name])).toEqual([[announced.asset_id, 'shot.png']]);
    expect((await t.plane.workItems.attachments.list(slug, projectId, item.id)).map((row) => row.id)).toEqual([announced.asset_id]);
    expect(await t.plane.workItems.attachments.retrieve(slug, projectId, item.id, announced.asset_id)).toMatchObject({ id: announced.asset_id, is_uploaded: true });
    const download = await t.server.inject({ method: 'GET', url: `/api/workspaces/${slug}/projects/${projectId}/issues/${item.id}/issue-attachments/${announced.asset_id}/download/`, headers: t.world.member.headers });
    expect([...download.rawPayload]).toEqual([137, 80, 78, 71, 1]);
    // A form is good for one upload.
    expect((await fetch(announced.upload_data.url, { method: 'POST', body: form(announced.upload_data.fields) })).status).toBe(404);
    await t.plane.workItems.attachments.delete(slug, projectId, item.id, announced.asset_id);
    expect(await app(`/issues/${item.id}/issue-attachments/`)).toEqual([]);
  });
});
