// The stored state of an issue description document (`issue.<id>`, see
// server/services/issue-description-doc.ts for the invariants): loading it into a live document and
// seeding it from the html the first time. Storage only — no version, activity or change event — so
// the collaboration server loads descriptions without importing server/.
import * as Y from 'yjs';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from './client';
import { issues } from './schema/index';
import { buildInitialState } from '../shared/document-content';

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
