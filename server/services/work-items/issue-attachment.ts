// Files attached to an issue (API.md "Attachments"): stored through server/storage, registered as
// issue_attachments rows with activity and change events, streamed back by the download route.
import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { issueAttachments, workspaces, type IssueAttachment } from '../../../db/schema/index';
import type { ServerContext } from '../../context';
import { NotFoundError, ValidationError } from '../../errors';
import { deletion, recordChange, withTransaction, type WriteOptions } from '../../live/record-change';
import type { ProjectActor } from '../../actor';
import { authorizeAuthorOrAdmin, loadReadableIssue } from './policies/issue';
import { presentIssueAttachment } from './presenters/issue-attachment';
import { fileStorage } from '../../storage/index';
import { writeActivities, type ActivityIssue } from './issue-activity';
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
  const key = storageKey(issue.workspaceId, name);
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
      return announceAttachment(tx, issue, row, actor.userId, actor.workspace.slug);
    });
  } catch (error) {
    await storage.delete(key).catch(() => undefined);
    throw error;
  }
}

const storageKey = (workspaceId: string, name: string) => `${workspaceId}/${randomUUID()}-${name}`;

/** An attachment's file is in: its activity, the issue's touch and the live change. */
async function announceAttachment(tx: Db, issue: ActivityIssue, row: IssueAttachment, actorId: string | null, slug: string) {
  await writeActivities(tx, issue, actorId, [{ verb: 'created', field: 'attachment', newValue: row.asset, comment: 'created an attachment', newIdentifier: row.id }]);
  await touchIssue(tx, row.issueId, issue.projectId, actorId);
  const wire = presentIssueAttachment(row, slug);
  recordChange(tx, { workspaceId: row.workspaceId, projectId: row.projectId, entity: 'issue_attachment', entityId: row.id, op: 'create', version: row.version, data: wire, issueIds: [row.issueId] });
  return wire;
}

/** A file a client announces before sending it (Plane's two-step upload): its name, type and size. */
interface AnnouncedFile {
  name: string;
  type?: string;
  size: number;
}

/**
 * Plane's upload, step one: registers an attachment whose file is still to come, hidden from lists
 * (`is_uploaded` false) until `completeIssueAttachmentUpload` stores it. Same rules as an upload.
 * @throws ValidationError when the announced size is over the instance's file size limit
 */
export async function reserveIssueAttachment(ctx: ServerContext, actor: ProjectActor, issueId: string, file: AnnouncedFile) {
  const issue = await loadReadableIssue(ctx.db, actor, issueId);
  if (file.size > ctx.config.FILE_SIZE_LIMIT) throw ValidationError.field('size', `The file is larger than the limit of ${ctx.config.FILE_SIZE_LIMIT} bytes.`);
  const name = safeName(file.name);
  const [row] = await ctx.db
    .insert(issueAttachments)
    .values({
      issueId,
      projectId: issue.projectId,
      workspaceId: issue.workspaceId,
      asset: storageKey(issue.workspaceId, name),
      name,
      size: file.size,
      mimeType: file.type || 'application/octet-stream',
      storage: fileStorage(ctx.config).kind,
      isUploaded: false,
      createdBy: actor.userId,
      updatedBy: actor.userId,
    })
    .returning();
  return presentIssueAttachment(row, actor.workspace.slug);
}

/**
 * Plane's upload, step two: stores the file of a reserved attachment and makes it visible, as the
 * user who reserved it (the caller proved the right to by the reservation's signed upload form).
 * @throws NotFoundError when no such attachment awaits its file
 */
export async function completeIssueAttachmentUpload(ctx: ServerContext, attachmentId: string, data: Buffer, options: WriteOptions) {
  const [pending] = await ctx.db
    .select({ row: issueAttachments, slug: workspaces.slug })
    .from(issueAttachments)
    .innerJoin(workspaces, eq(workspaces.id, issueAttachments.workspaceId))
    .where(and(eq(issueAttachments.id, attachmentId), eq(issueAttachments.isUploaded, false), isNull(issueAttachments.deletedAt)));
  if (!pending) throw new NotFoundError();
  const { row, slug } = pending;
  const storage = fileStorage(ctx.config);
  await storage.put(row.asset, data, row.mimeType ?? 'application/octet-stream');
  try {
    return await withTransaction(ctx, options, async (tx) => {
      const [uploaded] = await tx
        .update(issueAttachments)
        .set({ isUploaded: true, size: data.length, updatedAt: new Date(), version: row.version + 1 })
        .where(and(eq(issueAttachments.id, row.id), eq(issueAttachments.isUploaded, false)))
        .returning();
      if (!uploaded) throw new NotFoundError();
      return announceAttachment(tx, { id: row.issueId, projectId: row.projectId, workspaceId: row.workspaceId }, uploaded, row.createdBy, slug);
    });
  } catch (error) {
    await storage.delete(row.asset).catch(() => undefined);
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
