// One page's live document: a Y.Doc bound to /collab through a Hocuspocus provider (session cookie
// auth). Tracks connection, sync, read-only scope and who else is here. Edits made while offline stay
// in the Y.Doc and merge when the provider reconnects (the browser's offline/online events drive it).
import { useEffect, useState } from 'react';
import * as Y from 'yjs';
import { HocuspocusProvider, WebSocketStatus } from '@hocuspocus/provider';
import { CollabCloseCode } from '../../shared/collab-close-codes';
import { TITLE_FIELD } from '../../shared/editor-schema';

export interface CollabPeer {
  clientId: number;
  name: string;
  color: string;
}

interface PageCollabState {
  doc: Y.Doc | null;
  provider: HocuspocusProvider | null;
  online: boolean;
  synced: boolean;
  /** Edits the server has not yet confirmed as stored (it confirms only once they are durable). */
  unsaved: boolean;
  /** The server granted read-only access (locked, archived, guest…). */
  readOnly: boolean;
  /** The server refused the connection, or the page was deleted. */
  refused: boolean;
  deleted: boolean;
  peers: CollabPeer[];
  /** The title as the live document has it (XmlFragment `title`), or null before the first sync. */
  title: string | null;
}

const PALETTE = ['#3f76ff', '#f59e0b', '#16a34a', '#dc2626', '#9333ea', '#0891b2', '#db2777', '#65a30d'];

/** A stable caret colour for a user id. */
export function colorFor(userId: string): string {
  let hash = 0;
  for (const char of userId) hash = (hash * 31 + char.charCodeAt(0)) | 0;
  return PALETTE[Math.abs(hash) % PALETTE.length];
}

function collabUrl(): string {
  return `${window.location.protocol === 'https:' ? 'wss' : 'ws'}://${window.location.host}/collab`;
}

const initial: PageCollabState = { doc: null, provider: null, online: true, synced: false, unsaved: false, readOnly: true, refused: false, deleted: false, peers: [], title: null };

/** Opens the page's document for as long as the component is mounted. */
export function usePageCollab(pageId: string, user: { id: string; name: string }): PageCollabState {
  const [state, setState] = useState<PageCollabState>(initial);

  useEffect(() => {
    const doc = new Y.Doc();
    const provider = new HocuspocusProvider({ url: collabUrl(), name: pageId, document: doc, token: 'session' });
    const update = (patch: Partial<PageCollabState>) => setState((previous) => ({ ...previous, ...patch }));
    update({ ...initial, doc, provider });
    provider.setAwarenessField('user', { name: user.name, color: colorFor(user.id) });

    provider.on('status', ({ status }: { status: WebSocketStatus }) => update({ online: status === WebSocketStatus.Connected }));
    const titleFragment = doc.getXmlFragment(TITLE_FIELD);
    const readTitle = () => titleFragment.toString().replace(/<[^>]*>/g, '').replace(/\s+/g, ' ').trim();
    titleFragment.observeDeep(() => update({ title: readTitle() }));
    provider.on('synced', () => update({ synced: true, title: readTitle() }));
    provider.on('unsyncedChanges', ({ number }: { number: number }) => update({ unsaved: number > 0 }));
    provider.on('authenticated', ({ scope }: { scope: string }) => update({ readOnly: scope === 'readonly', refused: false }));
    provider.on('authenticationFailed', () => update({ refused: true }));
    let deleted = false;
    provider.on('close', ({ event }: { event: { code: number } }) => {
      if (event.code === CollabCloseCode.PAGE_DELETED) {
        deleted = true;
        update({ deleted: true });
        provider.disconnect();
      }
    });
    provider.on('awarenessChange', ({ states }: { states: Array<{ clientId: number; user?: { name: string; color: string } }> }) => {
      update({
        peers: states
          .filter((entry) => entry.clientId !== doc.clientID && entry.user)
          .map((entry) => ({ clientId: entry.clientId, name: entry.user!.name, color: entry.user!.color })),
      });
    });
    // A browser that goes offline may keep a half-dead socket open for a long time: drop it at once
    // (edits keep landing in the Y.Doc) and reconnect as soon as the network is back; the sync
    // handshake then exchanges whatever each side missed.
    const handleOffline = () => {
      update({ online: false });
      provider.disconnect();
    };
    const handleOnline = () => {
      if (!deleted) void provider.connect();
    };
    window.addEventListener('offline', handleOffline);
    window.addEventListener('online', handleOnline);
    return () => {
      window.removeEventListener('offline', handleOffline);
      window.removeEventListener('online', handleOnline);
      provider.destroy();
      doc.destroy();
    };
  }, [pageId, user.id, user.name]);

  return state;
}
