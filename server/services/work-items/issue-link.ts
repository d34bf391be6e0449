// Links on an issue (reference §1.6.4): URL normalisation, one link per URL, activity and change events.
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { issueLinks, type Issue, type IssueLink } from '../../../db/schema/index';
import type { CreateLinkBody, UpdateLinkBody } from '../../../shared/schemas/issue-extras';
import { Role } from '../../../shared/roles';
import type { ServerContext } from '../../context';
import { BadRequestError, NotFoundError } from '../../errors';
import type { LiveData } from '../../../shared/live-protocol';
import { deletion, recordChange, withTransaction, type WriteOptions } from '../../live/record-change';
import type { ProjectActor } from '../../actor';
import { authorizeProjectRole, loadReadableIssue } from './policies/issue';
import { presentIssueLink } from './presenters/issue-link';
import { writeActivities } from './issue-activity';
import { loadUserLites } from './issue-read';
import { touchIssue } from './issue-change';

/**
 * Adds `http://` when the URL has no scheme and checks it is an http(s) URL with a host.
 * @throws BadRequestError "Invalid URL format."
 */
export function normalizeLinkUrl(raw: string): string {
  const trimmed = raw.trim();
  const url = /^[a-z][a-z0-9+.-]*:/i.test(trimmed) ? trimmed : `http://${trimmed}`;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new BadRequestError('Invalid URL format.');
  }
  if (!['http:', 'https:'].includes(parsed.protocol) || !parsed.hostname || /\s/.test(url)) throw new BadRequestError('Invalid URL format.');
  return url;
}

const comparable = (url: string) => new URL(url).href;

async function presentLinks(db: Db, rows: IssueLink[]) {
  const users = await loadUserLites(db, rows.map((row) => row.createdBy));
  return rows.map((row) => presentIssueLink(row, users.get(row.createdBy ?? '') ?? null));
}

async function liveLinks(db: Db, issueId: string): Promise<IssueLink[]> {
  return db.select().from(issueLinks).where(and(eq(issueLinks.issueId, issueId), isNull(issueLinks.deletedAt))).orderBy(desc(issueLinks.createdAt));
}

async function assertUniqueUrl(db: Db, issueId: string, url: string, exceptId?: string) {
  const target = comparable(url);
  const clash = (await liveLinks(db, issueId)).some((link) => link.id !== exceptId && comparable(link.url) === target);
  if (clash) throw new BadRequestError('URL already exists for this Issue');
}

/** Links of an issue, newest first. */
export async function listIssueLinks(ctx: ServerContext, actor: ProjectActor, issueId: string) {
  await loadReadableIssue(ctx.db, actor, issueId);
  return presentLinks(ctx.db, await liveLinks(ctx.db, issueId));
}

async function loadLink(db: Db, issueId: string, linkId: string): Promise<IssueLink> {
  const [link] = await db.select().from(issueLinks).where(and(eq(issueLinks.id, linkId), eq(issueLinks.issueId, issueId), isNull(issueLinks.deletedAt)));
  if (!link) throw new NotFoundError();
  return link;
}

/** One link. */
export async function getIssueLink(ctx: ServerContext, actor: ProjectActor, issueId: string, linkId: string) {
  await loadReadableIssue(ctx.db, actor, issueId);
  return (await presentLinks(ctx.db, [await loadLink(ctx.db, issueId, linkId)]))[0];
}

function recordLink(tx: Db, row: IssueLink, op: 'create' | 'update', wire: LiveData<'issue_link'>) {
  recordChange(tx, { workspaceId: row.workspaceId, projectId: row.projectId, entity: 'issue_link', entityId: row.id, op, version: row.version, data: wire, issueIds: [row.issueId] });
}

/** Adds a link. @throws BadRequestError for a bad or duplicate URL; ForbiddenError below Member. */
export async function createIssueLink(ctx: ServerContext, actor: ProjectActor, issueId: string, body: CreateLinkBody, options: WriteOptions) {
  authorizeProjectRole(actor, Role.MEMBER);
  const issue = await loadReadableIssue(ctx.db, actor, issueId);
  const url = normalizeLinkUrl(body.url);
  return withTransaction(ctx, options, async (tx) => {
    await assertUniqueUrl(tx, issueId, url);
    return insertIssueLink(tx, issue, { url, title: body.title ?? null, metadata: body.metadata ?? {} }, actor.userId);
  });
}

/** Inserts a link (URL already normalised) with its activity, the issue touch and the change event, inside an open transaction. */
export async function insertIssueLink(
  tx: Db,
  issue: Pick<Issue, 'id' | 'projectId' | 'workspaceId'>,
  link: { url: string; title: string | null; metadata: Record<string, unknown> },
  actorId: string,
) {
  const [row] = await tx
    .insert(issueLinks)
    .values({ issueId: issue.id, projectId: issue.projectId, workspaceId: issue.workspaceId, ...link, createdBy: actorId, updatedBy: actorId })
    .returning();
  await writeActivities(tx, issue, actorId, [{ verb: 'created', field: 'link', newValue: link.url, comment: 'created a link', newIdentifier: row.id }]);
  await touchIssue(tx, issue.id, issue.projectId, actorId);
  const [wire] = await presentLinks(tx, [row]);
  recordLink(tx, row, 'create', wire);
  return wire;
}

/** Edits a link's url, title or metadata. */
export async function updateIssueLink(ctx: ServerContext, actor: ProjectActor, issueId: string, linkId: string, body: UpdateLinkBody, options: WriteOptions) {
  authorizeProjectRole(actor, Role.MEMBER);
  const issue = await loadReadableIssue(ctx.db, actor, issueId);
  const url = body.url !== undefined ? normalizeLinkUrl(body.url) : undefined;
  return withTransaction(ctx, options, async (tx) => {
    const link = await loadLink(tx, issueId, linkId);
    if (url !== undefined) await assertUniqueUrl(tx, issueId, url, linkId);
    const [row] = await tx
      .update(issueLinks)
      .set({
        ...(url !== undefined ? { url } : {}),
        ...(body.title !== undefined ? { title: body.title } : {}),
        ...(body.metadata !== undefined ? { metadata: body.metadata } : {}),
        version: link.version + 1,
        updatedAt: new Date(),
        updatedBy: actor.userId,
      })
      .where(eq(issueLinks.id, linkId))
      .returning();
    await writeActivities(tx, issue, actor.userId, [{ verb: 'updated', field: 'link', oldValue: link.url, newValue: row.url, comment: 'updated a link', newIdentifier: row.id }]);
    const [wire] = await presentLinks(tx, [row]);
    recordLink(tx, row, 'update', wire);
    return wire;
  });
}

/** Soft-deletes a link. */
export async function deleteIssueLink(ctx: ServerContext, actor: ProjectActor, issueId: string, linkId: string, options: WriteOptions): Promise<void> {
  authorizeProjectRole(actor, Role.MEMBER);
  const issue = await loadReadableIssue(ctx.db, actor, issueId);
  await withTransaction(ctx, options, async (tx) => {
    const link = await loadLink(tx, issueId, linkId);
    await tx.update(issueLinks).set({ deletedAt: new Date(), version: link.version + 1, updatedBy: actor.userId }).where(eq(issueLinks.id, linkId));
    await writeActivities(tx, issue, actor.userId, [{ verb: 'deleted', field: 'link', oldValue: link.url, comment: 'deleted the link', oldIdentifier: link.id }]);
    await touchIssue(tx, issueId, issue.projectId, actor.userId);
    recordChange(tx, { workspaceId: link.workspaceId, projectId: link.projectId, entity: 'issue_link', entityId: link.id, op: 'delete', version: link.version + 1, data: deletion(link.id), issueIds: [link.issueId] });
  });
}

/** Presented links of an issue (for the `issue_link` expansion). */
export async function issueLinkExpansion(db: Db, issueId: string) {
  return presentLinks(db, await liveLinks(db, issueId));
}
