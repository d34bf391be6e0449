// Storage of issue description documents (`issue.<id>`, issue #10 item 2): loads the stored state
// into the live document and, on Hocuspocus's debounced store (2 s after the last change, at most
// every 10 s, and when the last editor leaves), saves it through the issue service — one version
// bump, one activity row and one change event per store, not per keystroke. Page documents are
// left to PersistenceExtension.
import * as Y from 'yjs';
import type { Extension, onLoadDocumentPayload, onStoreDocumentPayload } from '@hocuspocus/server';
import type { ServerContext } from '../../server/context';
import { loadIssueStateInto, storeIssueDescription } from '../../server/services/issue-description-doc';
import { issueIdOfDocument } from '../../shared/collab-documents';
import type { CollabContext } from './auth-extension';
import { STORAGE_ORIGIN } from './persistence-extension';

export class IssueDescriptionExtension implements Extension {
  extensionName = 'trellis-issue-description';

  constructor(private readonly ctx: ServerContext) {}

  async onLoadDocument({ documentName, document }: onLoadDocumentPayload): Promise<void> {
    const issueId = issueIdOfDocument(documentName);
    if (issueId) await loadIssueStateInto(this.ctx.db, issueId, document, STORAGE_ORIGIN);
  }

  async onStoreDocument({ documentName, document, lastContext }: onStoreDocumentPayload<CollabContext>): Promise<void> {
    const issueId = issueIdOfDocument(documentName);
    if (!issueId) return;
    const missing = await storeIssueDescription(this.ctx, issueId, document, lastContext?.userId || null);
    // A REST change stored meanwhile: merge it into the live document (broadcast to the editors).
    if (missing) Y.applyUpdate(document, missing, STORAGE_ORIGIN);
  }

  /** Merges a stored state changed elsewhere (REST PATCH) into the open document, if open. */
  async refresh(issueId: string, document: Y.Doc): Promise<void> {
    await loadIssueStateInto(this.ctx.db, issueId, document, STORAGE_ORIGIN);
  }
}
