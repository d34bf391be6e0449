// Notification emails end to end with a real SMTP server on loopback (tests/support/smtp.ts): a mention
// is mailed once to the mentioned member; notifications inside the window go out as one mail; the
// receiver's preferences switch mails off; an SMTP outage (refusing, then stopped) is retried until
// the mail is delivered exactly once; a restart of the app on the same database loses nothing.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { jobs, notifications } from '../../../db/schema/index';
import { NotificationSender } from '../../../shared/schemas/notification';
import { startSmtpCapture, type SmtpCapture } from '../../../tests/support/smtp';
import { createTestServer, type TestServer } from '../../../tests/support/server';
import { until } from '../../../tests/support/until';
import { buildWorld, type CallerName, type World } from '../../../tests/support/world';
import { enqueueJob } from '../../job-queue';
import { mailPreferencesFor, NOTIFICATION_MAIL_QUEUE } from './notification-mail';

let smtp: SmtpCapture;
let server: TestServer;
let world: World;
let project: string;
let env: Record<string, string>;

const APP_BASE_URL = 'https://trellis.example';

beforeAll(async () => {
  smtp = await startSmtpCapture();
  // A 3 s gathering window: the batching test's three writes must fall inside one window even on a loaded CI machine.
  env = { ...smtp.env, APP_BASE_URL, NOTIFICATION_MAIL_DELAY_MS: '3000', NOTIFICATION_MAIL_RETRY_BASE_MS: '100' };
  server = await createTestServer({ env });
  world = await buildWorld(server);
  project = `/api/workspaces/${world.workspace.slug}/projects/${world.project.id}`;
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

function call(caller: CallerName, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown) {
  return server.inject({ method, url, headers: world.headers[caller], ...(payload !== undefined ? { payload: payload as object } : {}) });
}

const mention = (userId: string) => `<p>look <mention-component entity_name="user_mention" entity_identifier="${userId}"></mention-component></p>`;

async function createIssue(body: Record<string, unknown>) {
  const response = await call('admin', 'POST', `${project}/issues/`, body);
  expect(response.statusCode).toBe(201);
  return response.json() as { id: string; sequence_id: number };
}

async function mentionInComment(issueId: string, userId: string) {
  const response = await call('admin', 'POST', `${project}/issues/${issueId}/comments/`, { comment_html: mention(userId) });
  expect(response.statusCode).toBe(201);
}

const mailJobs = () => server.database.db.select().from(jobs).where(eq(jobs.queue, NOTIFICATION_MAIL_QUEUE));


/** Waits until no mail job is pending or running, then a little longer (a duplicate would show up by then). */
async function settle() {
  await until(mailJobs, (rows) => rows.every((row) => row.status === 'done' || row.status === 'failed'));
  await new Promise((resolve) => setTimeout(resolve, 400));
}

const mailsTo = (email: string, since: number) => smtp.messages.slice(since).filter((message) => message.to.includes(email.toLowerCase()));

describe('notification mail', () => {
  test('a mention produces exactly one mail to the mentioned member, with the issue link and the unsubscribe link', async () => {
    const issue = await createIssue({ name: 'Mail me' });
    const since = smtp.messages.length;
    await mentionInComment(issue.id, world.member.id);
    const mail = await smtp.waitFor(world.member.email, { since });
    await settle();
    expect(mailsTo(world.member.email, since)).toHaveLength(1);
    expect(mailsTo(world.admin.email, since)).toHaveLength(0);
    const link = `${APP_BASE_URL}/${world.workspace.slug}/projects/${world.project.id}/issues/${issue.id}`;
    const unsubscribe = `${APP_BASE_URL}/${world.workspace.slug}/settings/account/notifications`;
    expect(mail.subject).toContain('Mail me');
    expect(mail.text).toContain('mentioned you in a comment');
    expect(mail.text).toContain(link);
    expect(mail.text).toContain(unsubscribe);
    expect(mail.html).toContain(`href="${link}"`);
    expect(mail.html).toContain(`href="${unsubscribe}"`);
    const rows = await server.database.db.select().from(notifications).where(and(eq(notifications.receiverId, world.member.id), eq(notifications.entityIdentifier, issue.id)));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ sender: NotificationSender.MENTIONED, mailWanted: true });
    expect(rows[0].mailedAt).toBeInstanceOf(Date);
  });

  test('several notifications inside the window → one mail listing them all', async () => {
    const since = smtp.messages.length;
    const jobsBefore = (await mailJobs()).length;
    const issue = await createIssue({ name: 'Busy issue', assignee_ids: [world.member.id] });
    expect((await call('admin', 'PATCH', `${project}/issues/${issue.id}/`, { priority: 'high' })).statusCode).toBe(200);
    expect((await call('admin', 'PATCH', `${project}/issues/${issue.id}/`, { name: 'Busy issue renamed' })).statusCode).toBe(200);
    const mail = await smtp.waitFor(world.member.email, { since });
    await settle();
    expect(mailsTo(world.member.email, since)).toHaveLength(1);
    expect((await mailJobs()).length - jobsBefore).toBe(1);
    const rows = await server.database.db.select().from(notifications).where(and(eq(notifications.receiverId, world.member.id), eq(notifications.entityIdentifier, issue.id)));
    expect(rows.length).toBeGreaterThanOrEqual(3);
    expect(rows.every((row) => row.mailedAt !== null)).toBe(true);
    for (const row of rows) expect(mail.text).toContain(row.title);
    expect(mail.subject).toBe(`${rows.length} updates on 1 work item`);
  });

  test('preferences off → the notification is written but no mail is sent', async () => {
    const off = await call('member', 'PATCH', '/api/users/me/notification-preferences/', { mention: false, property_change: false, comment: false });
    expect(off.statusCode).toBe(200);
    try {
      const since = smtp.messages.length;
      const jobsBefore = (await mailJobs()).length;
      const issue = await createIssue({ name: 'Quiet', assignee_ids: [world.member.id] });
      await mentionInComment(issue.id, world.guest.id);
      await mentionInComment(issue.id, world.member.id);
      const rows = await server.database.db.select().from(notifications).where(and(eq(notifications.receiverId, world.member.id), eq(notifications.entityIdentifier, issue.id)));
      expect(rows.map((row) => row.sender)).toContain(NotificationSender.MENTIONED);
      expect(rows.length).toBeGreaterThanOrEqual(3);
      expect(rows.every((row) => !row.mailWanted)).toBe(true);
      // The guest still wants mentions: only their mail goes out.
      await smtp.waitFor(world.guest.email, { since });
      await settle();
      expect(mailsTo(world.member.email, since)).toHaveLength(0);
      const added = (await mailJobs()).slice(jobsBefore);
      expect(added.map((row) => (row.payload as { receiverId: string }).receiverId)).toEqual([world.guest.id]);
    } finally {
      await call('member', 'PATCH', '/api/users/me/notification-preferences/', { mention: true, property_change: true, comment: true });
    }
  });

  test('an SMTP server that refuses, then is down, then recovers: the mail is retried and delivered exactly once', async () => {
    const issue = await createIssue({ name: 'Outage' });
    const since = smtp.messages.length;
    smtp.refusing = true;
    await mentionInComment(issue.id, world.member.id);
    const [job] = await until(
      async () => (await mailJobs()).filter((row) => row.status !== 'done' && row.attempts >= 2),
      (rows) => rows.length === 1,
    );
    expect(job.lastError).toMatch(/451|unavailable/i);
    await smtp.stop();
    smtp.refusing = false;
    await until(
      async () => (await server.database.db.select().from(jobs).where(eq(jobs.id, job.id)))[0],
      (row) => row.attempts >= 4,
    );
    expect(mailsTo(world.member.email, since)).toHaveLength(0);
    await smtp.start();
    await smtp.waitFor(world.member.email, { since, timeoutMs: 30_000 });
    await settle();
    expect(mailsTo(world.member.email, since)).toHaveLength(1);
    const [finished] = await server.database.db.select().from(jobs).where(eq(jobs.id, job.id));
    expect(finished.status).toBe('done');
  });

  test('a second job for the same receiver, at once or later, never mails a notification again', async () => {
    const issue = await createIssue({ name: 'Twice' });
    const since = smtp.messages.length;
    await mentionInComment(issue.id, world.member.id);
    // Two more jobs for the member, due now: they run beside (or before) the scheduled one.
    await enqueueJob(server.database.db, NOTIFICATION_MAIL_QUEUE, { receiverId: world.member.id });
    await enqueueJob(server.database.db, NOTIFICATION_MAIL_QUEUE, { receiverId: world.member.id });
    await smtp.waitFor(world.member.email, { since });
    await settle();
    expect(mailsTo(world.member.email, since)).toHaveLength(1);
    await enqueueJob(server.database.db, NOTIFICATION_MAIL_QUEUE, { receiverId: world.member.id });
    await settle();
    expect(mailsTo(world.member.email, since)).toHaveLength(1);
  });

  test('a restart of the app (during an outage) loses no pending mail and sends it once', async () => {
    const issue = await createIssue({ name: 'Restart' });
    const since = smtp.messages.length;
    smtp.refusing = true;
    await mentionInComment(issue.id, world.member.id);
    await until(
      async () => (await mailJobs()).filter((row) => row.status === 'pending' && row.attempts >= 1),
      (rows) => rows.length === 1,
    );
    // Stop this app (its queue waits for running handlers) and start a new one on the same database.
    await server.app.close();
    smtp.refusing = false;
    expect(mailsTo(world.member.email, since)).toHaveLength(0);
    server = await createTestServer({ env, database: server.database });
    await smtp.waitFor(world.member.email, { since, timeoutMs: 30_000 });
    await settle();
    expect(mailsTo(world.member.email, since)).toHaveLength(1);
    const rows = await server.database.db.select().from(notifications).where(inArray(notifications.entityIdentifier, [issue.id]));
    expect(rows.filter((row) => row.receiverId === world.member.id).every((row) => row.mailedAt !== null)).toBe(true);
  });

  test('a mention received before the restart, still inside its window, is sent by the new app', async () => {
    const issue = await createIssue({ name: 'Window' });
    const since = smtp.messages.length;
    await mentionInComment(issue.id, world.member.id);
    await server.app.close();
    expect(mailsTo(world.member.email, since)).toHaveLength(0);
    server = await createTestServer({ env, database: server.database });
    await smtp.waitFor(world.member.email, { since, timeoutMs: 30_000 });
    await settle();
    expect(mailsTo(world.member.email, since)).toHaveLength(1);
  });
});

describe('without an SMTP server configured', () => {
  test('the job completes without sending and marks the notifications, so none is mailed later', async () => {
    const bare = await createTestServer({ env: { NOTIFICATION_MAIL_DELAY_MS: '100' } });
    try {
      const people = await buildWorld(bare);
      const base = `/api/workspaces/${people.workspace.slug}/projects/${people.project.id}`;
      const created = await bare.inject({ method: 'POST', url: `${base}/issues/`, headers: people.admin.headers, payload: { name: 'No SMTP' } });
      expect(created.statusCode).toBe(201);
      const issueId = (created.json() as { id: string }).id;
      const since = smtp.messages.length;
      const comment = await bare.inject({ method: 'POST', url: `${base}/issues/${issueId}/comments/`, headers: people.admin.headers, payload: { comment_html: mention(people.member.id) } });
      expect(comment.statusCode).toBe(201);
      const rowsOf = () => bare.database.db.select().from(notifications).where(and(eq(notifications.receiverId, people.member.id), eq(notifications.entityIdentifier, issueId)));
      const [row] = await until(rowsOf, (rows) => rows.length === 1 && rows[0].mailedAt !== null);
      expect(row.mailWanted).toBe(true);
      // The handler marks the notifications in its own transaction; the queue marks the job done just after.
      const jobsOf = () => bare.database.db.select().from(jobs).where(eq(jobs.queue, NOTIFICATION_MAIL_QUEUE));
      const [job] = await until(jobsOf, (rows) => rows.length === 1 && rows[0].status !== 'running');
      expect(job).toMatchObject({ status: 'done', attempts: 1 });
      expect(smtp.messages.length).toBe(since);
    } finally {
      await bare.close();
    }
  });
});

describe('which preference enables a mail (reference §7.2 table)', () => {
  const row = (sender: string, field: string, stateGroup = 'started') => ({ sender, data: { issue: { state_group: stateGroup }, issue_activity: { field } } });
  test('state change, completed, comment, mention, anything else', () => {
    expect(mailPreferencesFor(row(NotificationSender.SUBSCRIBED, 'state'))).toEqual(['state_change']);
    expect(mailPreferencesFor(row(NotificationSender.SUBSCRIBED, 'state', 'completed'))).toEqual(['state_change', 'issue_completed']);
    expect(mailPreferencesFor(row(NotificationSender.ASSIGNED, 'comment'))).toEqual(['comment']);
    expect(mailPreferencesFor(row(NotificationSender.MENTIONED, 'comment'))).toEqual(['mention']);
    expect(mailPreferencesFor(row(NotificationSender.CREATED, 'priority'))).toEqual(['property_change']);
  });
});
