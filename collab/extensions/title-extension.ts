// Keeps the XmlFragment `title` and the page `name` in step (API.md "Pages and collaboration"): a
// title typed in an editor renames the page (a 'page' change event, through the page service, which
// the composition root hands in as `rename`); a REST rename writes the title into the open document
// (server/services/pages/page.ts).
import type { Extension, afterLoadDocumentPayload, afterUnloadDocumentPayload, onChangePayload } from '@hocuspocus/server';
import { isTransactionOrigin } from '@hocuspocus/server';
import { readTitle } from '../../shared/document-content';
import type { CollabContext } from './auth-extension';
import type { CollabWrites } from '../writes';

/** Title edits are written to the page row at most this often per document. */
export const TITLE_DEBOUNCE_MS = 300;

interface TitleState {
  title: string;
  timer: NodeJS.Timeout | null;
  userId: string | null;
}

export class TitleExtension implements Extension {
  extensionName = 'trellis-title';
  private readonly titles = new Map<string, TitleState>();

  constructor(private readonly rename: CollabWrites['renamePageFromTitle']) {}

  async afterLoadDocument({ documentName, document }: afterLoadDocumentPayload): Promise<void> {
    this.titles.set(documentName, { title: readTitle(document), timer: null, userId: null });
  }

  async onChange({ documentName, document, transactionOrigin, context }: onChangePayload<CollabContext>): Promise<void> {
    if (isTransactionOrigin(transactionOrigin) && transactionOrigin.source === 'redis') return;
    const state = this.titles.get(documentName);
    if (!state) return;
    const title = readTitle(document);
    if (title === state.title) return;
    state.title = title;
    state.userId = context?.userId ?? state.userId;
    if (state.timer) clearTimeout(state.timer);
    state.timer = setTimeout(() => void this.save(documentName, state), TITLE_DEBOUNCE_MS);
  }

  async afterUnloadDocument({ documentName }: afterUnloadDocumentPayload): Promise<void> {
    const state = this.titles.get(documentName);
    this.titles.delete(documentName);
    if (state?.timer) {
      clearTimeout(state.timer);
      await this.save(documentName, state);
    }
  }

  /** Writes pending title renames now (shutdown). */
  async flushAll(): Promise<void> {
    await Promise.all(
      [...this.titles].filter(([, state]) => state.timer).map(([name, state]) => {
        clearTimeout(state.timer!);
        return this.save(name, state);
      }),
    );
  }

  private async save(documentName: string, state: TitleState): Promise<void> {
    state.timer = null;
    try {
      await this.rename(documentName, state.title, state.userId);
    } catch (error) {
      console.error('[collab] could not rename page from its title', error);
    }
  }
}
