// Intake (reference §6, API.md): submissions wait in triage outside the project lists; admins
// accept, decline, snooze or mark duplicate; the intake switch hides it all.
import { beforeAll, describe, expect, test } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { changes, issues } from '../../db/schema/index';
import { useWorld, type CallerName } from '../../tests/support/world';

const world = useWorld();
const { call } = world;

beforeAll(async () => {
  const on = await call('admin', 'PATCH', '', { intake_view: true });
  expect(on.statusCode).toBeLessThan(300);
});

async function submit(name: string, caller: CallerName = 'member', extra: Record<string, unknown> = {}) {
  const response = await call(caller, 'POST', 'intake-issues/', { issue: { name, ...extra } });
  expect(response.statusCode).toBe(200);
  return response.json() as { id: string; status: number; source: string; issue: { id: string; name: string; state_id: string } };
}

const listIds = async (query = '') => ((await call('admin', 'GET', `issues/${query}`)).json().results as Array<{ id: string }>).map((row) => row.id);

describe('intake', () => {
  // First, while the project has no triage state yet: both submissions create it at once.
  test('two first submissions at the same moment both land, on one triage state', async () => {
    const [first, second] = await Promise.all([submit('Racing one'), submit('Racing two')]);
    expect(first.issue.state_id).toBe(second.issue.state_id);
  });

  test('a submission is pending, IN_APP, in triage, and out of the project lists', async () => {
    const created = await submit('Printer on fire', 'member', { priority: 'high' });
    expect(created).toMatchObject({ status: -2, source: 'IN_APP', issue: { name: 'Printer on fire', priority: 'high' } });
    expect(await listIds()).not.toContain(created.issue.id);
    const detail = await call('member', 'GET', `intake-issues/${created.issue.id}/?expand=issue_inbox`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toMatchObject({ id: created.id, status: -2, duplicate_issue_detail: null, issue: { id: created.issue.id, is_subscribed: true } });
    // Both spellings serve the same rows.
    expect((await call('member', 'GET', `inbox-issues/${created.issue.id}/`)).json().id).toBe(created.id);
    const events = await world.server.database.db.select().from(changes).where(and(eq(changes.entity, 'issue'), eq(changes.entityId, created.issue.id)));
    expect(events).toEqual([]);
    const intakeEvents = await world.server.database.db.select().from(changes).where(and(eq(changes.entity, 'inbox_issue'), eq(changes.entityId, created.id)));
    expect(intakeEvents.map((event) => event.op)).toEqual(['create']);
  });

  test('validation: name required, priority valid', async () => {
    expect((await call('member', 'POST', 'intake-issues/', { issue: {} })).json()).toEqual({ error: 'Name is required' });
    expect((await call('member', 'POST', 'intake-issues/', {})).statusCode).toBe(400);
    expect((await call('member', 'POST', 'intake-issues/', { issue: { name: '   ' } })).json()).toEqual({ error: 'Name is required' });
    const bad = await call('member', 'POST', 'intake-issues/', { issue: { name: 'x', priority: 'extreme' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ error: 'Invalid priority' });
    expect((await call('anonymous', 'POST', 'intake-issues/', { issue: { name: 'x' } })).statusCode).toBe(401);
    expect((await call('outsider', 'POST', 'intake-issues/', { issue: { name: 'x' } })).statusCode).toBe(403);
  });

  test('list: status filters, order and pages of 10 that stop', async () => {
    const names = Array.from({ length: 12 }, (_, index) => `Paged ${index}`);
    for (const name of names) await submit(name);
    const first = await call('admin', 'GET', 'intake-issues/?status=-2&cursor=10:0:0&per_page=10');
    expect(first.statusCode).toBe(200);
    const page1 = first.json();
    expect(page1.results).toHaveLength(10);
    expect(page1.next_page_results).toBe(true);
    expect(page1.total_results).toBeGreaterThanOrEqual(12);
    expect(page1.results[0].issue.name).toBe('Paged 11');
    let cursor = page1.next_cursor;
    let more = page1.next_page_results;
    let seen = page1.results.length;
    while (more) {
      const next = (await call('admin', 'GET', `intake-issues/?status=-2&cursor=${cursor}&per_page=10`)).json();
      seen += next.results.length;
      more = next.next_page_results;
      cursor = next.next_cursor;
    }
    expect(seen).toBe(page1.total_results);
    const ascending = (await call('admin', 'GET', 'intake-issues/?order_by=issue__sequence_id')).json().results;
    const sequences = ascending.map((row: { issue: { sequence_id: number } }) => row.issue.sequence_id);
    expect(sequences).toEqual([...sequences].sort((a, b) => a - b));
    expect((await call('admin', 'GET', 'intake-issues/?order_by=name')).statusCode).toBe(400);
    expect((await call('admin', 'GET', 'intake-issues/?status=7')).statusCode).toBe(400);
    expect((await call('admin', 'GET', 'intake-issues/?cursor=bad')).json()).toEqual({ error: 'Invalid cursor parameter.' });
  });

  test('accept moves the issue to the default state and into the lists', async () => {
    const created = await submit('Accept me');
    const accepted = await call('admin', 'PATCH', `intake-issues/${created.issue.id}/`, { status: 1 });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().status).toBe(1);
    expect(accepted.json().issue.state_id).not.toBe(created.issue.state_id);
    expect(await listIds()).toContain(created.issue.id);
    const closed = (await call('admin', 'GET', 'intake-issues/?status=1,-1,2')).json().results.map((row: { id: string }) => row.id);
    expect(closed).toContain(created.id);
    const events = await world.server.database.db.select().from(changes).where(and(eq(changes.entity, 'issue'), eq(changes.entityId, created.issue.id)));
    expect(events.length).toBeGreaterThan(0);
  });

  test('decline, duplicate and snooze only change the row; a passed snooze is pending again', async () => {
    const declined = await submit('Decline me');
    expect((await call('admin', 'PATCH', `intake-issues/${declined.issue.id}/`, { status: -1 })).json().status).toBe(-1);
    expect(await listIds()).not.toContain(declined.issue.id);

    const target = await submit('Original');
    const duplicate = await submit('Copy');
    expect((await call('admin', 'PATCH', `intake-issues/${duplicate.issue.id}/`, { status: 2 })).json()).toEqual({ duplicate_to: ['A duplicate intake issue needs duplicate_to.'] });
    const marked = await call('admin', 'PATCH', `intake-issues/${duplicate.issue.id}/`, { status: 2, duplicate_to: target.issue.id });
    expect(marked.json()).toMatchObject({ status: 2, duplicate_to: target.issue.id, duplicate_issue_detail: { id: target.issue.id, name: 'Original' } });
    expect((await call('admin', 'PATCH', `intake-issues/${duplicate.issue.id}/`, { duplicate_to: duplicate.issue.id })).statusCode).toBe(400);

    const snoozed = await submit('Snooze me');
    const later = new Date(Date.now() + 86_400_000).toISOString();
    const snooze = await call('admin', 'PATCH', `intake-issues/${snoozed.issue.id}/`, { snoozed_till: later });
    expect(snooze.json()).toMatchObject({ status: 0 });
    const pendingIds = async () => (await call('admin', 'GET', 'intake-issues/?status=-2')).json().results.map((row: { id: string }) => row.id);
    expect(await pendingIds()).not.toContain(snoozed.id);
    expect((await call('admin', 'GET', 'intake-issues/?status=0')).json().results.map((row: { id: string }) => row.id)).toContain(snoozed.id);
    const past = new Date(Date.now() - 60_000).toISOString();
    await call('admin', 'PATCH', `intake-issues/${snoozed.issue.id}/`, { snoozed_till: past });
    expect(await pendingIds()).toContain(snoozed.id);
    // Clearing the date on a snoozed submission returns it to pending.
    expect((await call('admin', 'PATCH', `intake-issues/${snoozed.issue.id}/`, { snoozed_till: null })).json().status).toBe(-2);
  });

  test('a guest cannot change the status; a member submitter cannot either; only admins', async () => {
    const mine = await submit('Guest submission', 'guest');
    const byGuest = await call('guest', 'PATCH', `intake-issues/${mine.issue.id}/`, { status: 1 });
    expect(byGuest.statusCode).toBe(403);
    expect((await call('guest', 'PATCH', `intake-issues/${mine.issue.id}/`, { issue: { name: 'Renamed' } })).json().issue.name).toBe('Renamed');
    const other = await submit('Member submission', 'member');
    expect((await call('guest', 'GET', `intake-issues/${other.issue.id}/`)).statusCode).toBe(403);
    expect((await call('guest', 'PATCH', `intake-issues/${other.issue.id}/`, { status: 1 })).statusCode).toBe(403);
    expect((await call('member', 'PATCH', `intake-issues/${other.issue.id}/`, { status: 1 })).json().status).toBe(-2);
    const guestList = (await call('guest', 'GET', 'intake-issues/')).json().results.map((row: { id: string }) => row.id);
    expect(guestList).toContain(mine.id);
    expect(guestList).not.toContain(other.id);
    expect((await call('admin', 'GET', `intake-issues/00000000-0000-4000-8000-000000000000/`)).statusCode).toBe(404);
  });

  test('deleting a pending submission deletes its issue; an accepted one keeps it', async () => {
    const pending = await submit('Delete me');
    expect((await call('member', 'DELETE', `intake-issues/${pending.issue.id}/`)).statusCode).toBe(204);
    const [row] = await world.server.database.db.select({ deletedAt: issues.deletedAt }).from(issues).where(eq(issues.id, pending.issue.id));
    expect(row.deletedAt).not.toBeNull();
    expect((await call('member', 'GET', `intake-issues/${pending.issue.id}/`)).statusCode).toBe(404);

    const accepted = await submit('Keep me');
    await call('admin', 'PATCH', `intake-issues/${accepted.issue.id}/`, { status: 1 });
    const other = await submit('Not yours', 'admin');
    expect((await call('member', 'DELETE', `intake-issues/${other.issue.id}/`)).statusCode).toBe(403);
    expect((await call('admin', 'DELETE', `intake-issues/${accepted.issue.id}/`)).statusCode).toBe(204);
    const [kept] = await world.server.database.db.select({ deletedAt: issues.deletedAt }).from(issues).where(eq(issues.id, accepted.issue.id));
    expect(kept.deletedAt).toBeNull();
  });

  test('the intake switch hides everything', async () => {
    const created = await submit('Hidden soon');
    expect((await call('admin', 'PATCH', '', { intake_view: false })).statusCode).toBeLessThan(300);
    expect((await call('admin', 'GET', 'intake-issues/')).json()).toEqual({ error: 'Intake not found' });
    expect((await call('admin', 'GET', `intake-issues/${created.issue.id}/`)).statusCode).toBe(404);
    expect((await call('member', 'POST', 'intake-issues/', { issue: { name: 'x' } })).statusCode).toBe(404);
    expect((await call('admin', 'PATCH', `intake-issues/${created.issue.id}/`, { status: 1 })).statusCode).toBe(404);
    expect((await call('admin', 'PATCH', '', { intake_view: true })).statusCode).toBeLessThan(300);
    expect((await call('admin', 'GET', `intake-issues/${created.issue.id}/`)).statusCode).toBe(200);
  });
});
