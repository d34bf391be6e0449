// Finds the users mentioned in editor HTML — Plane's `<mention-component entity_identifier>` and
// Tiptap's `<span data-type="mention" data-id>` — and keeps an issue's mention rows in step with
// its description and its live comments (the `mentions` filter reads those rows).
import { and, eq, ilike, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { issueComments, issueMentions, issues, projectMembers } from '../../../db/schema/index';
import { isUuid } from '../../validation';

const MENTION_COMPONENT = /<mention-component\b[^>]*>/gi;
const TIPTAP_MENTION = /<[a-z][\w-]*\b[^>]*\bdata-type\s*=\s*["']mention["'][^>]*>/gi;

function attribute(tag: string, name: string): string | null {
  const match = new RegExp(`\\b${name}\\s*=\\s*["']([^"']*)["']`, 'i').exec(tag);
  return match ? match[1] : null;
}

/** The distinct user ids mentioned in the HTML (only well-formed UUIDs; user_mention entities only). */
export function parseMentionedUserIds(html: string | null | undefined): string[] {
  if (!html) return [];
  const ids = new Set<string>();
  for (const tag of html.match(MENTION_COMPONENT) ?? []) {
    const entityName = attribute(tag, 'entity_name');
    const id = attribute(tag, 'entity_identifier');
    if ((entityName === null || entityName === 'user_mention') && isUuid(id)) ids.add(id.toLowerCase());
  }
  for (const tag of html.match(TIPTAP_MENTION) ?? []) {
    const id = attribute(tag, 'data-id');
    if (isUuid(id)) ids.add(id.toLowerCase());
  }
  return [...ids];
}

/** The subset of `userIds` who are active members of the project. */
export async function filterProjectMembers(db: Db, projectId: string, userIds: string[]): Promise<string[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .select({ id: projectMembers.memberId })
    .from(projectMembers)
    .where(and(eq(projectMembers.projectId, projectId), eq(projectMembers.isActive, true), inArray(projectMembers.memberId, userIds)));
  return rows.map((row) => row.id);
}

interface IssueRef {
  id: string;
  projectId: string;
  workspaceId: string;
}

/** The users mentioned in the live comments of an issue (only comments whose HTML can hold a mention are read). */
async function mentionedInComments(tx: Db, issueId: string): Promise<string[]> {
  const rows = await tx
    .select({ html: issueComments.commentHtml })
    .from(issueComments)
    .where(and(eq(issueComments.issueId, issueId), isNull(issueComments.deletedAt), ilike(issueComments.commentHtml, '%mention%')));
  return rows.flatMap((row) => parseMentionedUserIds(row.html));
}

/**
 * Replaces the issue's mention rows with the project members mentioned in `descriptionHtml` or in
 * any live comment; returns the members newly mentioned (the caller subscribes them).
 */
export async function syncIssueMentions(tx: Db, issue: IssueRef, descriptionHtml: string, actorId: string | null): Promise<string[]> {
  const mentioned = [...new Set([...parseMentionedUserIds(descriptionHtml), ...(await mentionedInComments(tx, issue.id))])];
  const wanted = await filterProjectMembers(tx, issue.projectId, mentioned);
  const current = await tx
    .select({ id: issueMentions.id, mentionId: issueMentions.mentionId })
    .from(issueMentions)
    .where(and(eq(issueMentions.issueId, issue.id), isNull(issueMentions.deletedAt)));
  const currentIds = new Set(current.map((row) => row.mentionId));
  const removed = current.filter((row) => !wanted.includes(row.mentionId)).map((row) => row.id);
  if (removed.length) await tx.update(issueMentions).set({ deletedAt: new Date() }).where(inArray(issueMentions.id, removed));
  const added = wanted.filter((id) => !currentIds.has(id));
  await insertMentions(tx, issue, added, actorId);
  return added;
}

/**
 * The mention rows of an issue created in this transaction. It has no comments and no mention rows
 * yet, so only its description is read: two statements fewer on every create. Returns the members mentioned.
 */
export async function insertNewIssueMentions(tx: Db, issue: IssueRef, descriptionHtml: string, actorId: string | null): Promise<string[]> {
  const wanted = await filterProjectMembers(tx, issue.projectId, parseMentionedUserIds(descriptionHtml));
  await insertMentions(tx, issue, wanted, actorId);
  return wanted;
}

async function insertMentions(tx: Db, issue: IssueRef, mentionIds: string[], actorId: string | null): Promise<void> {
  if (mentionIds.length === 0) return;
  await tx.insert(issueMentions).values(
    mentionIds.map((mentionId) => ({ issueId: issue.id, mentionId, projectId: issue.projectId, workspaceId: issue.workspaceId, createdBy: actorId })),
  );
}

/**
 * Re-syncs the mention rows after a comment was written or deleted (the description is read from
 * the row, so a concurrent description edit is not lost); returns the members newly mentioned.
 */
export async function syncCommentMentions(tx: Db, issue: IssueRef, actorId: string | null): Promise<string[]> {
  const [row] = await tx.select({ html: issues.descriptionHtml }).from(issues).where(eq(issues.id, issue.id));
  return syncIssueMentions(tx, issue, row?.html ?? '', actorId);
}
