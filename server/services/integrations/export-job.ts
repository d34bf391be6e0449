// The `issue-export` job (server/job-queue.ts): writes one export's file and keeps its history row's
// progress. Each attempt starts over — the permissions are read again (a member removed from a
// project since the request exports nothing of it), the total is counted, batches of issues are
// written to a temporary file with `exported_count` updated after each, and the finished file is
// streamed into storage. A worker that dies mid-attempt leaves the job `running`; the queue gives
// it to another worker after the lease as the next attempt, which starts the file afresh.
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { exporterHistory, workspaceMembers, type ExporterHistory } from '../../../db/schema/index';
import { ExportStatus, isExportProvider } from '../../../shared/schemas/export';
import type { ServerContext } from '../../context';
import { PermanentJobError, type JobQueue, type JobRun } from '../../job-queue';
import { fileStorage } from '../../storage/index';
import { ISSUE_EXPORT_QUEUE, type ExportJobPayload } from './export';
import { countExportIssues, loadExportProjects, readExportBatches } from './export-rows';
import { EXPORT_FILE_TYPES, createExportWriter } from './export-writers';

/** Registers the export job's handler (server/jobs.ts). */
export function registerIssueExport(ctx: ServerContext, queue: JobQueue): void {
  queue.register<ExportJobPayload>(ISSUE_EXPORT_QUEUE, (job) => runIssueExport(ctx, job), { backoffBaseMs: 5000 });
}

async function setProgress(ctx: ServerContext, exportId: string, values: Partial<typeof exporterHistory.$inferInsert>): Promise<void> {
  await ctx.db.update(exporterHistory).set({ ...values, updatedAt: new Date() }).where(eq(exporterHistory.id, exportId));
}

/** One attempt of one export (see the header). */
async function runIssueExport(ctx: ServerContext, job: JobRun<ExportJobPayload>): Promise<void> {
  const { exportId } = job.payload;
  const [row] = await ctx.db.select().from(exporterHistory).where(eq(exporterHistory.id, exportId));
  // Gone (workspace deleted) or already finished by an attempt whose outcome was lost: nothing to do.
  if (!row || row.status === ExportStatus.COMPLETED) return;
  try {
    await writeExport(ctx, row, job);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const final = job.isLastAttempt || error instanceof PermanentJobError;
    await setProgress(ctx, row.id, { status: final ? ExportStatus.FAILED : ExportStatus.QUEUED, reason: reason.slice(0, 500) });
    throw error;
  }
}

async function writeExport(ctx: ServerContext, row: ExporterHistory, job: JobRun<ExportJobPayload>): Promise<void> {
  const exportId = row.id;
  if (!isExportProvider(row.provider)) throw new PermanentJobError(`Provider '${row.provider}' not found.`);
  const [member] = row.initiatedById
    ? await ctx.db
        .select({ role: workspaceMembers.role })
        .from(workspaceMembers)
        .where(and(eq(workspaceMembers.workspaceId, row.workspaceId), eq(workspaceMembers.memberId, row.initiatedById), eq(workspaceMembers.isActive, true)))
    : [];
  if (!member || !row.initiatedById) throw new PermanentJobError('The member who asked for this export has left the workspace.');
  // Security: the projects are re-checked now — only those the initiator may still read are written.
  const projects = await loadExportProjects(ctx.database, row.workspaceId, row.initiatedById, member.role, row.projectIds as string[]);
  const total = await countExportIssues(ctx.database, projects);
  await setProgress(ctx, exportId, { status: ExportStatus.PROCESSING, exportedCount: 0, totalCount: total, reason: '' });

  const type = EXPORT_FILE_TYPES[row.provider];
  const temporary = join(tmpdir(), `trellis-export-${exportId}-${job.attempt}.${type.extension}`);
  try {
    const writer = createExportWriter(row.provider, temporary, { multiple: job.payload.multiple });
    let written = 0;
    let current: string | null = null;
    for await (const batch of readExportBatches(ctx.database, projects)) {
      if (batch.project.id !== current) {
        current = batch.project.id;
        await writer.beginProject(batch.project);
      }
      await writer.writeRows(batch.rows);
      written += batch.rows.length;
      await ctx.db
        .update(exporterHistory)
        .set({ exportedCount: written, totalCount: sql`greatest(${exporterHistory.totalCount}, ${written})`, updatedAt: new Date() })
        .where(eq(exporterHistory.id, exportId));
    }
    await writer.finish();
    const key = `exports/${row.workspaceId}/${exportId}.${type.extension}`;
    await fileStorage(ctx.config).putFile(key, temporary, type.contentType);
    await setProgress(ctx, exportId, { status: ExportStatus.COMPLETED, key, exportedCount: written, totalCount: written });
  } finally {
    await rm(temporary, { force: true });
  }
}
