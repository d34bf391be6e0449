// Storage of issue description documents (`issue.<id>`, issue #10 item 2): loads the stored state
// and its logged updates into the live document and, on Hocuspocus's debounced store (2 s after the
// last change, at most every 10 s, and when the last editor leaves), compacts them through the issue
// service (the `store` callback the composition root hands in) — one version bump, one activity row
// and one change event per store, not per keystroke. Every update is logged before its editor is told
// "saved" by PersistenceExtension, which also keeps page documents.
import * as Y from 'yjs';
import type { Extension, onLoadDocumentPayload, onStoreDocumentPayload } from '@hocuspocus/server';
import type { Db } from '../../db/client';
import { loadIssueStateInto } from '../../db/issue-description-state';
import { issueIdOfDocument } from '../../shared/collab-documents';
import type { CollabContext } from './auth-extension';
import { STORAGE_ORIGIN } from './persistence-extension';
import type { CollabWrites } from '../writes';

export class IssueDescriptionExtension implements Extension {
  extensionName = 'trellis-issue-description';

  constructor(
    private readonly db: Db,
    private readonly store: CollabWrites['storeIssueDescription'],
  ) {}

  async onLoadDocument({ documentName, document }: onLoadDocumentPayload): Promise<void> {
    const issueId = issueIdOfDocument(documentName);
    if (issueId) await loadIssueStateInto(this.db, issueId, document, STORAGE_ORIGIN);
  }

  async onStoreDocument({ documentName, document, lastContext }: onStoreDocumentPayload<CollabContext>): Promise<void> {
    const issueId = issueIdOfDocument(documentName);
    if (!issueId) return;
    const missing = await this.store(issueId, document, lastContext?.userId || null);
    // A REST change stored meanwhile: merge it into the live document (broadcast to the editors).
    if (missing) Y.applyUpdate(document, missing, STORAGE_ORIGIN);
  }

  /** Merges a stored state changed elsewhere (REST PATCH) into the open document, if open. */
  async refresh(issueId: string, document: Y.Doc): Promise<void> {
    await loadIssueStateInto(this.db, issueId, document, STORAGE_ORIGIN);
  }
}
