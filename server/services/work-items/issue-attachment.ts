// Files attached to an issue (API.md "Attachments"): stored through server/storage, registered as
// issue_attachments rows with activity and change events, streamed back by the download route.
import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { issueAttachments, type IssueAttachment } from '../../../db/schema/index';
import type { ServerContext } from '../../context';
import { NotFoundError } from '../../errors';
import { deletion, recordChange, withTransaction, type WriteOptions } from '../../live/record-change';
import type { ProjectActor } from '../../actor';
import { authorizeAuthorOrAdmin, loadReadableIssue } from '../../policies/issue';
import { presentIssueAttachment } from '../../presenters/issue-attachment';
import { fileStorage } from '../../storage/index';
import { writeActivities } from './issue-activity';
import { touchIssue } from './issue-change';

/** An uploaded file as the route read it from the multipart body. */
export interface UploadedFile {
  filename: string;
  mimeType: string;
  data: Buffer;
  attributes: Record<string, unknown>;
}

/** A file name safe for storage keys and Content-Disposition (no path parts or control characters). */
function safeName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const cleaned = base.replace(/[\u0000-\u001f\u007f"]/g, '').slice(0, 200);
  return cleaned || 'file';
}

async function liveAttachments(db: Db, issueId: string): Promise<IssueAttachment[]> {
  return db
    .select()
    .from(issueAttachments)
    .where(and(eq(issueAttachments.issueId, issueId), isNull(issueAttachments.deletedAt), eq(issueAttachments.isUploaded, true)))
    .orderBy(desc(issueAttachments.createdAt));
}

/** Attachments of an issue, newest first. */
export async function listIssueAttachments(ctx: ServerContext, actor: ProjectActor, issueId: string) {
  await loadReadableIssue(ctx.db, actor, issueId);
  return (await liveAttachments(ctx.db, issueId)).map((row) => presentIssueAttachment(row, actor.workspace.slug));
}

/** Presented attachments (for the `issue_attachments` expansion). */
export async function attachmentExpansion(db: Db, issueId: string, slug: string) {
  return (await liveAttachments(db, issueId)).map((row) => presentIssueAttachment(row, slug));
}

/** Stores the file, then registers it; a failed insert removes the stored file again. */
export async function createIssueAttachment(ctx: ServerContext, actor: ProjectActor, issueId: string, file: UploadedFile, options: WriteOptions) {
  const issue = await loadReadableIssue(ctx.db, actor, issueId);
  const storage = fileStorage(ctx.config);
  const name = safeName(file.filename);
  const key = `${issue.workspaceId}/${randomUUID()}-${name}`;
  await storage.put(key, file.data, file.mimeType);
  try {
    return await withTransaction(ctx, options, async (tx) => {
      const [row] = await tx
        .insert(issueAttachments)
        .values({
          issueId,
          projectId: issue.projectId,
          workspaceId: issue.workspaceId,
          attributes: file.attributes,
          asset: key,
          name,
          size: file.data.length,
          mimeType: file.mimeType,
          storage: storage.kind,
          isUploaded: true,
          createdBy: actor.userId,
          updatedBy: actor.userId,
        })
        .returning();
      await writeActivities(tx, issue, actor.userId, [{ verb: 'created', field: 'attachment', newValue: key, comment: 'created an attachment', newIdentifier: row.id }]);
      await touchIssue(tx, issueId, issue.projectId, actor.userId);
      const wire = presentIssueAttachment(row, actor.workspace.slug);
      recordChange(tx, { workspaceId: row.workspaceId, projectId: row.projectId, entity: 'issue_attachment', entityId: row.id, op: 'create', version: row.version, data: wire, issueIds: [row.issueId] });
      return wire;
    });
  } catch (error) {
    await storage.delete(key).catch(() => undefined);
    throw error;
  }
}

async function loadAttachment(db: Db, issueId: string, attachmentId: string): Promise<IssueAttachment> {
  const [row] = await db
    .select()
    .from(issueAttachments)
    .where(and(eq(issueAttachments.id, attachmentId), eq(issueAttachments.issueId, issueId), isNull(issueAttachments.deletedAt)));
  if (!row) throw new NotFoundError();
  return row;
}

/** Soft-deletes an attachment (project admin or its uploader) and removes the stored file after commit. */
export async function deleteIssueAttachment(ctx: ServerContext, actor: ProjectActor, issueId: string, attachmentId: string, options: WriteOptions) {
  const issue = await loadReadableIssue(ctx.db, actor, issueId);
  const row = await loadAttachment(ctx.db, issueId, attachmentId);
  authorizeAuthorOrAdmin(actor, row.createdBy);
  await withTransaction(ctx, options, async (tx) => {
    await tx.update(issueAttachments).set({ deletedAt: new Date(), version: row.version + 1, updatedBy: actor.userId }).where(eq(issueAttachments.id, row.id));
    await writeActivities(tx, issue, actor.userId, [{ verb: 'deleted', field: 'attachment', oldValue: row.asset, comment: 'deleted the attachment', oldIdentifier: row.id }]);
    await touchIssue(tx, issueId, issue.projectId, actor.userId);
    recordChange(tx, { workspaceId: row.workspaceId, projectId: row.projectId, entity: 'issue_attachment', entityId: row.id, op: 'delete', version: row.version + 1, data: deletion(row.id), issueIds: [row.issueId] });
  });
  await fileStorage(ctx.config).delete(row.asset).catch(() => undefined);
}

/** The file of an attachment as a stream with its name and type. */
export async function openIssueAttachment(ctx: ServerContext, actor: ProjectActor, issueId: string, attachmentId: string): Promise<{ stream: Readable; name: string; mimeType: string; size: number }> {
  await loadReadableIssue(ctx.db, actor, issueId);
  const row = await loadAttachment(ctx.db, issueId, attachmentId);
  let stream: Readable;
  try {
    stream = await fileStorage(ctx.config).get(row.asset);
  } catch {
    throw new NotFoundError('The file of this attachment is missing.');
  }
  return { stream, name: row.name, mimeType: row.mimeType ?? 'application/octet-stream', size: row.size };
}
