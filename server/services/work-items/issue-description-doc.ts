// Issue descriptions as live Yjs documents (issue #10 item 2), edited like pages through /collab
// under the name `issue.<id>` (shared/collab-documents.ts). issues.description_binary holds the
// document, issue_description_updates the updates editors were told are saved but not compacted
// yet; description_html/stripped/json are derived with the shared editor schema. Loading (and
// seeding) the stored state and appending to the log are storage: db/issue-description-state.ts.
// Compacting is an issue update (version, activity, change event), so it is here; the
// collaboration server calls it through the callback the composition root hands it
// (boot/collab-service.ts), and at start for logs a crash left behind.
//
// Invariants that keep every writer's text:
// - The first state built from a description's html is stored once (a conditional UPDATE) and
//   shared by everyone; two states built independently from the same html would double the text
//   when merged.
// - A store merges the stored state and the log with the live document (never overwrites), so a
//   REST PATCH that landed meanwhile is kept, and deletes only the log rows it merged.
// - A REST PATCH of description_html is applied to the stored state as a minimal diff and the
//   live documents are told to merge it (NOTIFY at commit), so open editors show it at once
//   (issue-description-merge.ts).
import * as Y from 'yjs';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { deleteIssueDescriptionUpdates, issuesWithLoggedDescriptionUpdates, loggedIssueDescriptionUpdates } from '../../../db/issue-description-state';
import { issues, projects } from '../../../db/schema/index';
import { deriveContent, docFromUpdates, hasContent } from '../../../shared/document-content';
import type { UpdateIssueBody } from '../../../shared/schemas/issue';
import type { ServerContext } from '../../context';
import { withTransaction } from '../../live/record-change';
import { sanitizeRichHtml } from './html';
import { applyIssueUpdate } from './issue-update';
import { loadIssueRow } from './issue-read';

/**
 * Compacts the description of an issue: stored state ⊕ logged updates ⊕ `doc` (the live document,
 * or an empty one) becomes description_binary and the merged log rows are deleted; when the derived
 * html differs, the issue is updated like a PATCH (version bump, one description activity row,
 * mentions, change event). Returns what storage had that `doc` lacks, to apply.
 */
export async function storeIssueDescription(ctx: ServerContext, issueId: string, doc: Y.Doc, actorId: string | null): Promise<Uint8Array | null> {
  return withTransaction(ctx, { actorId }, async (tx) => {
    // NO KEY UPDATE, not UPDATE: appends to the log (whose foreign-key check takes KEY SHARE on this
    // row) go on meanwhile, so editors waiting for "saved" do not wait for the compaction.
    const [row] = await tx
      .select({ binary: issues.descriptionBinary, html: issues.descriptionHtml, projectId: issues.projectId, deletedAt: issues.deletedAt })
      .from(issues)
      .where(eq(issues.id, issueId))
      .for('no key update');
    if (!row || row.deletedAt) return null;
    const logged = await loggedIssueDescriptionUpdates(tx, issueId);
    const merged = docFromUpdates([...(row.binary ? [row.binary] : []), ...logged.map((entry) => entry.update)]);
    Y.applyUpdate(merged, Y.encodeStateAsUpdate(doc));
    const state = Y.encodeStateAsUpdate(merged);
    const missing = Y.diffUpdate(state, Y.encodeStateVector(doc));
    const content = await deriveContent(merged);
    merged.destroy();
    await tx.update(issues).set({ descriptionBinary: state, descriptionJson: content.json as Record<string, unknown> }).where(eq(issues.id, issueId));
    await deleteIssueDescriptionUpdates(tx, logged.map((entry) => entry.id));
    const html = (await sanitizeRichHtml(content.html)) || '<p></p>';
    if (html !== row.html) await saveDerivedHtml(tx, row.projectId, issueId, html, actorId);
    return hasContent(missing) ? missing : null;
  });
}

async function saveDerivedHtml(tx: Db, projectId: string, issueId: string, html: string, actorId: string | null): Promise<void> {
  const [project] = await tx.select().from(projects).where(eq(projects.id, projectId));
  const current = await loadIssueRow(tx, projectId, issueId);
  if (!project || !current) return;
  const body = { description_html: html } as UpdateIssueBody;
  await applyIssueUpdate(tx, project, current, body, actorId ?? current.updatedBy ?? current.createdBy ?? '', { fromDocument: true });
}

/**
 * Compacts the descriptions whose log a crash left behind (the collaboration server's start), so
 * the REST read shows every acknowledged character even if nobody opens the issue again. Returns
 * how many issues were compacted.
 */
export async function compactLoggedIssueDescriptions(ctx: ServerContext): Promise<number> {
  let count = 0;
  for (const issueId of await issuesWithLoggedDescriptionUpdates(ctx.db)) {
    const doc = new Y.Doc();
    try {
      await storeIssueDescription(ctx, issueId, doc, null);
      count++;
    } finally {
      doc.destroy();
    }
  }
  return count;
}
