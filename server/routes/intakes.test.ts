// The project's intakes (reference §6 `intakes/`, also `inboxes/`): GET answers the default intake
// with its pending count; Member+ adds, changes and deletes intakes; the default one cannot be
// deleted; another project's intake is not found; bad bodies are 400s.
import { describe, expect, test } from 'vitest';
import { useWorld } from '../../tests/support/world';

const world = useWorld();
const { call } = world;

type IntakeBody = { id: string; name: string; is_default: boolean; pending_issue_count: number; project: string; description: string; view_props: unknown };

describe('intakes', () => {
  test('none before intake is turned on; then the default intake with its pending submissions', async () => {
    const before = await call('member', 'GET', 'intakes/');
    expect(before.statusCode).toBe(404);
    expect(before.json()).toEqual({ error: 'Intake not found' });
    expect((await call('admin', 'PATCH', '', { intake_view: true })).statusCode).toBeLessThan(300);
    expect((await call('member', 'POST', 'intake-issues/', { issue: { name: 'Door squeaks' } })).statusCode).toBe(200);
    const intake = await call('member', 'GET', 'intakes/');
    expect(intake.statusCode).toBe(200);
    expect(intake.json()).toMatchObject({ name: 'Intake', is_default: true, project: world.project.id, pending_issue_count: 1 });
    // Both spellings answer the same intake.
    expect((await call('member', 'GET', 'inboxes/')).json().id).toBe(intake.json().id);
  });

  test('a member adds, changes and deletes a further intake; the default one cannot be deleted', async () => {
    const created = await call('member', 'POST', 'intakes/', { name: 'Support mail', description: 'from support@', view_props: { layout: 'list' } });
    expect(created.statusCode).toBe(201);
    const extra = created.json() as IntakeBody;
    expect(extra).toMatchObject({ name: 'Support mail', description: 'from support@', is_default: false, pending_issue_count: 0, view_props: { layout: 'list' } });
    // GET still answers the default intake first.
    expect(((await call('member', 'GET', 'intakes/')).json() as IntakeBody).is_default).toBe(true);

    const renamed = await call('member', 'PATCH', `inboxes/${extra.id}/`, { name: 'Support inbox' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ id: extra.id, name: 'Support inbox', description: 'from support@' });

    const defaultId = ((await call('member', 'GET', 'intakes/')).json() as IntakeBody).id;
    const refused = await call('admin', 'DELETE', `intakes/${defaultId}/`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ error: 'You cannot delete the default intake' });
    expect((await call('member', 'GET', 'intakes/')).json().id).toBe(defaultId);

    expect((await call('member', 'DELETE', `intakes/${extra.id}/`)).statusCode).toBe(204);
    expect((await call('member', 'PATCH', `intakes/${extra.id}/`, { name: 'Back?' })).statusCode).toBe(404);
    expect((await call('member', 'DELETE', `intakes/${extra.id}/`)).statusCode).toBe(404);
  });

  test('bad bodies are 400s; an unknown or another project\'s intake is 404; a guest may not', async () => {
    expect((await call('member', 'POST', 'intakes/', {})).statusCode).toBe(400);
    expect((await call('member', 'POST', 'intakes/', { name: '   ' })).statusCode).toBe(400);
    expect((await call('member', 'POST', 'intakes/', { name: 'x'.repeat(256) })).statusCode).toBe(400);
    expect((await call('member', 'POST', 'intakes/', { name: 'Ok', view_props: 'list' })).statusCode).toBe(400);
    expect((await call('member', 'PATCH', 'intakes/not-a-uuid/', { name: 'x' })).statusCode).toBe(404);
    expect((await call('member', 'PATCH', 'intakes/00000000-0000-4000-8000-000000000000/', { name: 'x' })).statusCode).toBe(404);
    const other = await world.server.inject({ method: 'POST', url: `/api/workspaces/${world.workspace.slug}/projects/`, headers: world.headers.admin, payload: { name: 'Other', identifier: 'OTH', intake_view: true } });
    expect(other.statusCode).toBe(201);
    const otherBase = `/api/workspaces/${world.workspace.slug}/projects/${other.json().id}`;
    await world.server.inject({ method: 'PATCH', url: `${otherBase}/`, headers: world.headers.admin, payload: { intake_view: true } });
    const otherIntake = await world.server.inject({ method: 'GET', url: `${otherBase}/intakes/`, headers: world.headers.admin });
    expect(otherIntake.statusCode).toBe(200);
    expect((await call('admin', 'DELETE', `intakes/${otherIntake.json().id}/`)).statusCode).toBe(404);
    expect((await call('guest', 'GET', 'intakes/')).statusCode).toBe(403);
    expect((await call('guest', 'POST', 'intakes/', { name: 'Mine' })).statusCode).toBe(403);
  });
});
