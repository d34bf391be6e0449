// Issue descriptions as live Yjs documents (issue #10 item 2), edited like pages through /collab
// under the name `issue.<id>` (shared/collab-documents.ts). issues.description_binary holds the
// document; description_html/stripped/json are derived from it with the shared editor schema.
//
// Invariants that keep every writer's text:
// - The first state built from a description's html is stored once (a conditional UPDATE) and
//   shared by everyone; two states built independently from the same html would double the text
//   when merged.
// - A store merges the stored state with the live document (never overwrites), so a REST PATCH
//   that landed meanwhile is kept.
// - A REST PATCH of description_html is applied to the stored state as a minimal diff and the
//   live documents are told to merge it (NOTIFY at commit), so open editors show it at once.
import * as Y from 'yjs';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { issues, projects } from '../../db/schema/index';
import { ISSUE_DOC_UPDATE_CHANNEL, issueDocumentName } from '../../shared/collab-documents';
import type { UpdateIssueBody } from '../../shared/schemas/issue';
import type { ServerContext } from '../context';
import { withTransaction } from '../live/record-change';
import { sanitizeRichHtml } from './html';
import { applyIssueUpdate } from './issue';
import { loadIssueRow } from './issue-read';
import { buildInitialState, deriveContent, docFromUpdates, replaceBodyWithHtml } from './page-content';
import { hasContent } from './page-storage';

/**
 * Applies the stored description of an issue to `doc` (seeding the stored state from the html the
 * first time). False when the issue does not exist or is deleted.
 */
export async function loadIssueStateInto(db: Db, issueId: string, doc: Y.Doc, origin: unknown = null): Promise<boolean> {
  const [row] = await db
    .select({ binary: issues.descriptionBinary, html: issues.descriptionHtml })
    .from(issues)
    .where(and(eq(issues.id, issueId), isNull(issues.deletedAt)));
  if (!row) return false;
  const state = row.binary ?? (await seedIssueState(db, issueId, row.html));
  doc.transact(() => {
    try {
      Y.applyUpdate(doc, state);
    } catch {
      // A corrupt stored state must not make the issue unopenable; the html is still in the row.
    }
  }, origin);
  return true;
}

/** Stores the state built from the html unless another process stored one first; returns the stored one. */
async function seedIssueState(db: Db, issueId: string, html: string): Promise<Uint8Array> {
  const state = buildInitialState(html, null);
  const seeded = await db
    .update(issues)
    .set({ descriptionBinary: state })
    .where(and(eq(issues.id, issueId), isNull(issues.descriptionBinary)))
    .returning({ id: issues.id });
  if (seeded.length) return state;
  const [row] = await db.select({ binary: issues.descriptionBinary }).from(issues).where(eq(issues.id, issueId));
  return row?.binary ?? state;
}

/**
 * Saves the live document of an issue: stored state ⊕ document becomes description_binary; when
 * the derived html differs, the issue is updated like a PATCH (version bump, one description
 * activity row, mentions, change event). Returns what storage had that `doc` lacks, to apply.
 */
export async function storeIssueDescription(ctx: ServerContext, issueId: string, doc: Y.Doc, actorId: string | null): Promise<Uint8Array | null> {
  return withTransaction(ctx, { actorId }, async (tx) => {
    const [row] = await tx
      .select({ binary: issues.descriptionBinary, html: issues.descriptionHtml, projectId: issues.projectId, deletedAt: issues.deletedAt })
      .from(issues)
      .where(eq(issues.id, issueId))
      .for('update');
    if (!row || row.deletedAt) return null;
    const merged = docFromUpdates(row.binary ? [row.binary] : []);
    Y.applyUpdate(merged, Y.encodeStateAsUpdate(doc));
    const state = Y.encodeStateAsUpdate(merged);
    const missing = Y.diffUpdate(state, Y.encodeStateVector(doc));
    const content = deriveContent(merged);
    merged.destroy();
    await tx.update(issues).set({ descriptionBinary: state, descriptionJson: content.json as Record<string, unknown> }).where(eq(issues.id, issueId));
    const html = sanitizeRichHtml(content.html) || '<p></p>';
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
 * A description set over REST: merged into the stored document as a minimal diff (nothing when no
 * document was ever opened: the next open starts from the html), and open editors are told at
 * commit (NOTIFY is transactional) to merge it.
 */
export async function mergeHtmlIntoIssueState(tx: Db, issueId: string, html: string): Promise<void> {
  const [row] = await tx.select({ binary: issues.descriptionBinary }).from(issues).where(eq(issues.id, issueId)).for('update');
  if (!row?.binary) return;
  const doc = docFromUpdates([row.binary]);
  replaceBodyWithHtml(doc, html);
  const state = Y.encodeStateAsUpdate(doc);
  doc.destroy();
  await tx.update(issues).set({ descriptionBinary: state }).where(eq(issues.id, issueId));
  await tx.execute(sql`select pg_notify(${ISSUE_DOC_UPDATE_CHANNEL}, ${issueDocumentName(issueId)})`);
}
