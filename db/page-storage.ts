// Durable storage of page bodies (DESIGN "Pages"): an append-only log of Yjs updates (page_updates)
// compacted into pages.description_binary, plus the derived html/text/json and saved versions.
// Compaction merges the stored snapshot and every logged update into the saved state, so nothing
// written by another process (REST, a second collab instance) can be lost by an overwrite.
import * as Y from 'yjs';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from './client';
import { pageUpdates, pageVersions, pages, type Page } from './schema/index';
import { buildInitialState, deriveContent, docFromUpdates, hasContent, writeTitle } from '../shared/document-content';

/** A version is updated in place while the same user keeps saving within this window (reference §5.3). */
export const VERSION_WINDOW_MS = 10 * 60 * 1000;
/** Versions kept per page. */
export const VERSIONS_KEPT = 20;

/**
 * The stored state of a page as one Yjs update: snapshot plus logged updates, or a state built
 * from the page's html and name when nothing binary is stored yet. Null for an unknown page.
 */
export async function loadStoredState(db: Db, pageId: string): Promise<Uint8Array | null> {
  const doc = new Y.Doc();
  try {
    return (await loadStoredStateInto(db, pageId, doc)) ? Y.encodeStateAsUpdate(doc) : null;
  } finally {
    doc.destroy();
  }
}

export interface LoadIntoOptions {
  /** Transaction origin of the applied state (the collab server marks it as coming from storage). */
  origin?: unknown;
  /** Write the row's name into the title (on load; not when refreshing a live document whose title may be ahead of the row). */
  writeName?: boolean;
}

/**
 * Applies the stored state of a page straight into `doc` (the collab server's live document, so
 * the bytes are decoded once): the snapshot, then the logged updates, then the row's name as
 * title. Parts `doc` already holds are no-ops (Yjs). False for an unknown page.
 */
export async function loadStoredStateInto(db: Db, pageId: string, doc: Y.Doc, { origin = null, writeName = true }: LoadIntoOptions = {}): Promise<boolean> {
  // The log is read before the snapshot: a compaction committing in between then moves rows we
  // already hold into a snapshot we read next; the other order could miss them altogether.
  const rows = await db.select({ update: pageUpdates.update }).from(pageUpdates).where(eq(pageUpdates.pageId, pageId)).orderBy(asc(pageUpdates.id));
  const [page] = await db.select({ binary: pages.descriptionBinary, name: pages.name }).from(pages).where(eq(pages.id, pageId));
  if (!page) return false;
  const snapshot = page.binary ?? (await initialState(db, pageId, page.name));
  doc.transact(() => {
    applyStoredUpdates(doc, [snapshot, ...rows.map((row) => row.update)]);
    // The row's name is authoritative (REST renames while no editor is open only touch the row).
    if (writeName) writeTitle(doc, page.name);
  }, origin);
  return true;
}

/** A page created before binaries were stored: its state is built from the html once per load. */
async function initialState(db: Db, pageId: string, name: string): Promise<Uint8Array> {
  const [row] = await db.select({ html: pages.descriptionHtml }).from(pages).where(eq(pages.id, pageId));
  return buildInitialState(row?.html ?? '', name);
}

/**
 * Applies the snapshot, then every logged update, inside the caller's transaction (one cleanup
 * pass over a large document instead of one per row; Y.mergeUpdates is slower still for thousands
 * of rows). A corrupt row is skipped: it must not make the whole page unreadable.
 */
function applyStoredUpdates(doc: Y.Doc, updates: Uint8Array[]): void {
  for (const update of updates) {
    try {
      Y.applyUpdate(doc, update);
    } catch {
      // skipped, see above
    }
  }
}

/** Appends updates to the page's log in one INSERT. */
export async function appendPageUpdates(db: Db, pageId: string, updates: Uint8Array[]): Promise<void> {
  if (updates.length === 0) return;
  await db.insert(pageUpdates).values(updates.map((update) => ({ pageId, update })));
}

export interface StoreResult {
  /** What the stored state had that `doc` lacked (apply it to the live document), or null. */
  missing: Uint8Array | null;
  htmlChanged: boolean;
}

/**
 * Compacts the page: snapshot ⊕ logged updates ⊕ `doc` become the new description_binary (with
 * derived html/text/json), and the merged log rows are deleted, all in one transaction.
 */
export async function storePageSnapshot(db: Db, pageId: string, doc: Y.Doc, actorId: string | null): Promise<StoreResult | null> {
  return db.transaction(async (tx) => {
    // Lock the page row so two compactions of one page (two instances) run one after the other —
    // NO KEY UPDATE, not UPDATE: appends to page_updates (whose foreign-key check takes KEY SHARE on
    // this row) go on meanwhile, and editors waiting for "saved" do not wait for the compaction.
    const [page] = await tx.select().from(pages).where(eq(pages.id, pageId)).for('no key update');
    if (!page) return null;
    const rows = await tx.select({ id: pageUpdates.id, update: pageUpdates.update }).from(pageUpdates).where(eq(pageUpdates.pageId, pageId));
    const merged = docFromUpdates([...(page.descriptionBinary ? [page.descriptionBinary] : []), ...rows.map((row) => row.update)]);
    Y.applyUpdate(merged, Y.encodeStateAsUpdate(doc));
    const state = Y.encodeStateAsUpdate(merged);
    const missing = Y.diffUpdate(state, Y.encodeStateVector(doc));
    const content = await deriveContent(merged);
    merged.destroy();
    const htmlChanged = content.html !== page.descriptionHtml;
    await tx
      .update(pages)
      .set({
        descriptionBinary: state,
        descriptionHtml: content.html,
        descriptionStripped: content.stripped,
        descriptionJson: content.json as Record<string, unknown>,
        ...(htmlChanged ? { updatedAt: new Date(), updatedBy: actorId ?? page.updatedBy } : {}),
      })
      .where(eq(pages.id, pageId));
    if (rows.length) await tx.delete(pageUpdates).where(inArray(pageUpdates.id, rows.map((row) => row.id)));
    if (htmlChanged && actorId) await savePageVersion(tx, page, actorId, { state, ...content });
    return { missing: hasContent(missing) ? missing : null, htmlChanged };
  });
}

/**
 * Saves a version of the page (reference §5.3): the user's latest version is updated in place when
 * it is less than 10 minutes old, otherwise a new one is added; only the newest 20 are kept.
 */
export async function savePageVersion(
  tx: Db,
  page: Page,
  userId: string,
  content: { state: Uint8Array; html: string; stripped: string; json: unknown },
): Promise<void> {
  const now = new Date();
  const [latest] = await tx.select().from(pageVersions).where(eq(pageVersions.pageId, page.id)).orderBy(desc(pageVersions.lastSavedAt)).limit(1);
  const values = {
    descriptionBinary: content.state,
    descriptionHtml: content.html,
    descriptionStripped: content.stripped,
    descriptionJson: content.json as Record<string, unknown>,
    lastSavedAt: now,
    updatedAt: now,
    updatedBy: userId,
  };
  if (latest && latest.ownedById === userId && now.getTime() - latest.lastSavedAt.getTime() <= VERSION_WINDOW_MS) {
    await tx.update(pageVersions).set(values).where(eq(pageVersions.id, latest.id));
    return;
  }
  await tx.insert(pageVersions).values({ ...values, pageId: page.id, workspaceId: page.workspaceId, ownedById: userId, createdBy: userId });
  const stale = await tx.select({ id: pageVersions.id }).from(pageVersions).where(eq(pageVersions.pageId, page.id)).orderBy(desc(pageVersions.lastSavedAt)).offset(VERSIONS_KEPT);
  if (stale.length) await tx.delete(pageVersions).where(inArray(pageVersions.id, stale.map((row) => row.id)));
}

/** Versions of a page, newest first. */
export async function listPageVersions(db: Db, pageId: string) {
  return db.select().from(pageVersions).where(eq(pageVersions.pageId, pageId)).orderBy(desc(pageVersions.lastSavedAt));
}

/** One version of a page, or null. */
export async function findPageVersion(db: Db, pageId: string, versionId: string) {
  const [row] = await db.select().from(pageVersions).where(and(eq(pageVersions.pageId, pageId), eq(pageVersions.id, versionId)));
  return row ?? null;
}

/** Number of logged (not yet compacted) updates of a page. */
export async function countPageUpdates(db: Db, pageId: string): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(pageUpdates).where(eq(pageUpdates.pageId, pageId));
  return Number(row?.n ?? 0);
}

