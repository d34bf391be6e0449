// Issue exports (spec §7 "Workspace extras", reference work-items §8.3): POST `export-issues/`
// records an ExporterHistory row and, in the same transaction, one `issue-export` job on the job
// queue (server/job-queue.ts); the job (server/services/integrations/export-job.ts) writes the file to storage.
// The history lists only the caller's own exports, each completed one with a download link signed
// with the server's secret that expires (EXPORT_LINK_TTL_MS); the link works only for its initiator.
import type { Readable } from 'node:stream';
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { exporterHistory, projectMembers, projects, users, type ExporterHistory } from '../../../db/schema/index';
import type { Db } from '../../../db/client';
import { resolvePagination, InvalidPaginationError, offsetPage } from '../../../shared/cursor';
import {
  EXPORT_STARTED_MESSAGE,
  ExportStatus,
  isExportProvider,
  type CreateExportBody,
  type ExportDownloadQuery,
  type ExportListQuery,
} from '../../../shared/schemas/export';
import type { WorkspaceActor } from '../../actor';
import type { ServerContext } from '../../context';
import { BadRequestError, HttpError, NotFoundError, ValidationError } from '../../errors';
import { enqueueJob } from '../../job-queue';
import { presentExport } from './presenters/export';
import { hmacHex, randomToken, safeEqual } from '../../security';
import { fileStorage, MissingFileError, type FileStorage } from '../../storage/index';
import { loadExportProjects } from './export-rows';
import { EXPORT_FILE_TYPES } from './export-writers';

export const ISSUE_EXPORT_QUEUE = 'issue-export';
/** Attempts of one export job (a crash or a storage error is retried from the start). */
const ISSUE_EXPORT_MAX_ATTEMPTS = 3;
/** How long a download link from the history stays valid. */
const EXPORT_LINK_TTL_MS = 60 * 60 * 1000;

export interface ExportJobPayload {
  exportId: string;
  /** XLSX: one worksheet per project. */
  multiple?: boolean;
}

/** The live, unarchived projects of the workspace the user is an active member of (the default selection). */
async function memberProjectIds(db: Db, workspaceId: string, userId: string): Promise<string[]> {
  const rows = await db
    .select({ id: projects.id })
    .from(projects)
    .innerJoin(projectMembers, and(eq(projectMembers.projectId, projects.id), eq(projectMembers.memberId, userId), eq(projectMembers.isActive, true)))
    .where(and(eq(projects.workspaceId, workspaceId), isNull(projects.deletedAt), isNull(projects.archivedAt)))
    .orderBy(projects.identifier);
  return rows.map((row) => row.id);
}

/**
 * POST `export-issues/`: checks the provider and the projects, records the export as `queued` and
 * enqueues its job in the same transaction.
 * @throws BadRequestError `Provider '<x>' not found.`; ValidationError `{project}` when a project is
 *   not one the caller is a member of (missing and forbidden answer alike).
 */
export async function startExport(ctx: ServerContext, actor: WorkspaceActor, body: CreateExportBody): Promise<{ message: string }> {
  if (!isExportProvider(body.provider)) throw new BadRequestError(`Provider '${body.provider}' not found.`);
  const workspaceId = actor.workspace.id;
  let projectIds: string[];
  if (body.project === undefined) {
    projectIds = await memberProjectIds(ctx.db, workspaceId, actor.userId);
  } else {
    const wanted = [...new Set(body.project)];
    const allowed = await loadExportProjects(ctx.database, workspaceId, actor.userId, actor.workspaceRole, wanted);
    if (allowed.length !== wanted.length) throw ValidationError.field('project', 'Some projects do not exist or you are not a member of them.');
    projectIds = wanted;
  }
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(exporterHistory)
      .values({
        workspaceId,
        projectIds,
        provider: body.provider,
        status: ExportStatus.QUEUED,
        token: randomToken(16),
        initiatedById: actor.userId,
        createdBy: actor.userId,
        updatedBy: actor.userId,
      })
      .returning({ id: exporterHistory.id });
    const payload: ExportJobPayload = { exportId: row.id, multiple: body.multiple ?? false };
    await enqueueJob(tx as unknown as Db, ISSUE_EXPORT_QUEUE, payload, { maxAttempts: ISSUE_EXPORT_MAX_ATTEMPTS });
  });
  return { message: EXPORT_STARTED_MESSAGE };
}

/** The signature of a download link: HMAC-SHA256 of the export id and expiry with the server secret. */
export function signExportLink(secretKey: string, exportId: string, expiresAtSeconds: number): string {
  return hmacHex(secretKey, `issue-export:${exportId}:${expiresAtSeconds}`);
}

/** The signed, expiring download path of a completed export. */
function exportDownloadUrl(ctx: ServerContext, slug: string, exportId: string, now = Date.now()): { url: string; expiresAt: Date } {
  const expires = Math.floor((now + EXPORT_LINK_TTL_MS) / 1000);
  const signature = signExportLink(ctx.config.secretKey, exportId, expires);
  return { url: `/api/workspaces/${encodeURIComponent(slug)}/export-issues/${exportId}/download/?expires=${expires}&signature=${signature}`, expiresAt: new Date(expires * 1000) };
}

async function presentRows(ctx: ServerContext, slug: string, rows: ExporterHistory[]) {
  const userIds = [...new Set(rows.map((row) => row.initiatedById).filter((id): id is string => id !== null))];
  const people = userIds.length ? await ctx.db.select().from(users).where(inArray(users.id, userIds)) : [];
  const byId = new Map(people.map((user) => [user.id, user]));
  return rows.map((row) => {
    const link = row.status === ExportStatus.COMPLETED && row.key ? exportDownloadUrl(ctx, slug, row.id) : null;
    return presentExport(row, row.initiatedById ? (byId.get(row.initiatedById) ?? null) : null, link);
  });
}

/**
 * GET `export-issues/?per_page&cursor`: the caller's own exports in this workspace, newest first.
 * Security: other members' exports (and their links) are never listed.
 * @throws BadRequestError when per_page or cursor is missing or malformed.
 */
export async function listExports(ctx: ServerContext, actor: WorkspaceActor, query: ExportListQuery) {
  if (!query.per_page || !query.cursor) throw new BadRequestError('per_page and cursor are required');
  let page;
  try {
    page = resolvePagination(query);
  } catch (error) {
    if (error instanceof InvalidPaginationError) throw new BadRequestError(error.message);
    throw error;
  }
  const mine = and(eq(exporterHistory.workspaceId, actor.workspace.id), eq(exporterHistory.initiatedById, actor.userId));
  const [{ total }] = await ctx.db.select({ total: sql<number>`count(*)::int` }).from(exporterHistory).where(mine);
  const rows = await ctx.db
    .select()
    .from(exporterHistory)
    .where(mine)
    .orderBy(desc(exporterHistory.createdAt), desc(exporterHistory.id))
    .limit(page.perPage)
    .offset(page.offset);
  return offsetPage(await presentRows(ctx, actor.workspace.slug, rows), Number(total), page);
}

/** 410 with the contract's `{"error"}` body: the link was valid once. */
class ExpiredLinkError extends HttpError {
  constructor() {
    super(410, { error: 'This download link has expired. Open the export history for a new one.' });
  }
}

/** Why an export is expired, shown in the history and in the 410 of its download. */
const EXPORT_FILE_GONE = 'The file of this export is no longer stored. Export again to get a new one.';

/** 410 with the contract's `{"error"}` body: the export's file is gone, and no link will bring it back. */
class ExportFileGoneError extends HttpError {
  constructor() {
    super(410, { error: EXPORT_FILE_GONE });
  }
}

/** Marks completed exports expired: their files are gone (the history then offers "Export again"). */
async function expireExports(db: Db, exportIds: string[]): Promise<void> {
  if (exportIds.length === 0) return;
  await db
    .update(exporterHistory)
    .set({ status: ExportStatus.EXPIRED, reason: EXPORT_FILE_GONE, updatedAt: new Date() })
    .where(and(inArray(exporterHistory.id, exportIds), eq(exporterHistory.status, ExportStatus.COMPLETED)));
}

/**
 * The completed exports whose file `storage` does not hold, marked expired (after a restore from
 * an archive that did not carry them). Returns how many.
 */
export async function expireExportsWithoutFile(db: Db, storage: FileStorage): Promise<number> {
  const rows = await db.select({ id: exporterHistory.id, key: exporterHistory.key }).from(exporterHistory).where(eq(exporterHistory.status, ExportStatus.COMPLETED));
  const gone: string[] = [];
  for (const row of rows) {
    try {
      (await storage.get(row.key)).destroy();
    } catch (error) {
      if (!row.key || error instanceof MissingFileError) gone.push(row.id);
      else throw error;
    }
  }
  await expireExports(db, gone);
  return gone.length;
}

/**
 * GET `export-issues/{id}/download/?expires&signature`: the file, for its initiator, while the
 * link's signature holds and it has not expired.
 * @throws NotFoundError (not the caller's export, not completed); BadRequestError (no or bad
 *   signature); 410 once the link expired, and 410 (the export marked expired) when the file is no
 *   longer stored.
 */
export async function downloadExport(
  ctx: ServerContext,
  actor: WorkspaceActor,
  exportId: string,
  query: ExportDownloadQuery,
): Promise<{ stream: Readable; fileName: string; contentType: string }> {
  const [row] = await ctx.db
    .select()
    .from(exporterHistory)
    .where(and(eq(exporterHistory.id, exportId), eq(exporterHistory.workspaceId, actor.workspace.id), eq(exporterHistory.initiatedById, actor.userId)));
  if (!row || (row.status !== ExportStatus.COMPLETED && row.status !== ExportStatus.EXPIRED) || !isExportProvider(row.provider)) throw new NotFoundError();
  const expires = Number(query.expires);
  if (!query.signature || !/^\d{1,12}$/.test(query.expires ?? '')) throw new BadRequestError('The download link is not valid.');
  // Security: the signature is checked before the expiry, so a forged expiry is "not valid", not "expired".
  if (!safeEqual(query.signature, signExportLink(ctx.config.secretKey, row.id, expires))) throw new BadRequestError('The download link is not valid.');
  if (expires * 1000 <= Date.now()) throw new ExpiredLinkError();
  if (row.status === ExportStatus.EXPIRED || !row.key) throw new ExportFileGoneError();
  let stream: Readable;
  try {
    stream = await fileStorage(ctx.config).get(row.key);
  } catch (error) {
    if (!(error instanceof MissingFileError)) throw error;
    // The history shows it expired from now on, with "Export again" instead of a dead link.
    await expireExports(ctx.db, [row.id]);
    throw new ExportFileGoneError();
  }
  const type = EXPORT_FILE_TYPES[row.provider];
  const stamp = row.createdAt.toISOString().slice(0, 10);
  return { stream, fileName: `issues-${actor.workspace.slug}-${stamp}.${type.extension}`, contentType: type.contentType };
}
