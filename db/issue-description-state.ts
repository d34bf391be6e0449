// The stored state of an issue description document (`issue.<id>`, see
// server/services/work-items/issue-description-doc.ts for the invariants): issues.description_binary plus the
// log of updates not compacted into it yet (issue_description_updates, appended before an editor is
// told "saved", as page_updates are for pages), loaded into a live document, and seeded from the
// html the first time. Storage only — no version, activity or change event — so the collaboration
// server loads and logs descriptions without importing server/.
import * as Y from 'yjs';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from './client';
import { issueDescriptionUpdates, issues } from './schema/index';
import { buildInitialState } from '../shared/document-content';

/**
 * Applies the stored description of an issue to `doc` — the stored state (seeded from the html the
 * first time), then every logged update. False when the issue does not exist or is deleted.
 */
export async function loadIssueStateInto(db: Db, issueId: string, doc: Y.Doc, origin: unknown = null): Promise<boolean> {
  // The log is read before the row: a compaction committing in between moves rows we already hold
  // into the state we read next; the other order could miss them altogether.
  const logged = await loggedIssueDescriptionUpdates(db, issueId);
  const [row] = await db
    .select({ binary: issues.descriptionBinary, html: issues.descriptionHtml })
    .from(issues)
    .where(and(eq(issues.id, issueId), isNull(issues.deletedAt)));
  if (!row) return false;
  const state = row.binary ?? (await seedIssueState(db, issueId, row.html));
  doc.transact(() => {
    for (const update of [state, ...logged.map((entry) => entry.update)]) {
      try {
        Y.applyUpdate(doc, update);
      } catch {
        // A corrupt stored state or row must not make the issue unopenable; the html is still in the row.
      }
    }
  }, origin);
  return true;
}

/** Stores the state built from the html unless another process stored one first; returns the stored one. */
async function seedIssueState(db: Db, issueId: string, html: string): Promise<Uint8Array> {
  const state = await buildInitialState(html, null);
  const seeded = await db
    .update(issues)
    .set({ descriptionBinary: state })
    .where(and(eq(issues.id, issueId), isNull(issues.descriptionBinary)))
    .returning({ id: issues.id });
  if (seeded.length) return state;
  const [row] = await db.select({ binary: issues.descriptionBinary }).from(issues).where(eq(issues.id, issueId));
  return row?.binary ?? state;
}

/** Appends updates of an issue's description document to its log in one INSERT. */
export async function appendIssueDescriptionUpdates(db: Db, issueId: string, updates: Uint8Array[]): Promise<void> {
  if (updates.length === 0) return;
  await db.insert(issueDescriptionUpdates).values(updates.map((update) => ({ issueId, update })));
}

/** The logged (not yet compacted) updates of an issue's description, oldest first. */
export async function loggedIssueDescriptionUpdates(db: Db, issueId: string): Promise<{ id: number; update: Uint8Array }[]> {
  return db
    .select({ id: issueDescriptionUpdates.id, update: issueDescriptionUpdates.update })
    .from(issueDescriptionUpdates)
    .where(eq(issueDescriptionUpdates.issueId, issueId))
    .orderBy(asc(issueDescriptionUpdates.id));
}

/** Deletes logged updates once a compaction holds them (in the compaction's transaction). */
export async function deleteIssueDescriptionUpdates(db: Db, ids: number[]): Promise<void> {
  if (ids.length) await db.delete(issueDescriptionUpdates).where(inArray(issueDescriptionUpdates.id, ids));
}

/** Live issues whose description has logged updates not compacted yet (left by a crash), at most `limit`. */
export async function issuesWithLoggedDescriptionUpdates(db: Db, limit = 1000): Promise<string[]> {
  const rows = await db
    .selectDistinct({ issueId: issueDescriptionUpdates.issueId })
    .from(issueDescriptionUpdates)
    .innerJoin(issues, and(eq(issues.id, issueDescriptionUpdates.issueId), isNull(issues.deletedAt)))
    .limit(limit);
  return rows.map((row) => row.issueId);
}

/** Number of logged (not yet compacted) updates of an issue's description. */
export async function countIssueDescriptionUpdates(db: Db, issueId: string): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(issueDescriptionUpdates).where(eq(issueDescriptionUpdates.issueId, issueId));
  return Number(row?.n ?? 0);
}
