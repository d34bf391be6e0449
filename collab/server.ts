// The collaboration server (DESIGN "Pages"): one Hocuspocus 4 instance whose extensions each own one
// hook family — auth, durable storage, title ↔ name, issue descriptions, and Redis when REDIS_URL is set — plus the
// bridge REST uses to reach live documents and the /collab WebSocket route on the Fastify app.
// It reads and stores through db/ and converts through shared/; the writes that belong to the REST
// domain (a page renamed from its title, an issue description saved as an issue update, with their
// change events) are callbacks it is handed (CollabWrites), so collab/ never imports server/. The
// composition root (boot/collab-service.ts) builds it and hands its bridge to the REST side.
import { randomUUID } from 'node:crypto';
import * as Y from 'yjs';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { Hocuspocus, type Extension } from '@hocuspocus/server';
import type { Database } from '../db/client';
import { loadStoredStateInto } from '../db/page-storage';
import { COLLAB_CLOSE_REASON, type CollabCloseCode } from '../shared/collab-close-codes';
import { isUuid } from '../shared/schemas/common';
import { isSameOrigin } from '../shared/same-origin';
import { AuthExtension, type CollabContext } from './extensions/auth-extension';
import { PersistenceExtension, STORAGE_ORIGIN } from './extensions/persistence-extension';
import { TitleExtension } from './extensions/title-extension';
import { IssueDescriptionExtension } from './extensions/issue-description-extension';
import {
  ISSUE_DOC_UPDATE_CHANNEL,
  PAGE_DISCONNECT_CHANNEL,
  PAGE_UPDATE_CHANNEL,
  issueIdOfDocument,
  type PageCollabBridge,
} from '../shared/collab-documents';
import { createRedisExtension } from './extensions/redis-extension';
import type { CollabWrites } from './writes';
import { replies } from '../shared/schemas/responses';

export type { CollabWrites } from './writes';

/** What the collaboration server needs from the process that runs it. */
export interface CollabDependencies {
  database: Database;
  writes: CollabWrites;
  /** Scale-out: share documents through Redis (DESIGN "Processes"). */
  redisUrl?: string;
  /** The app's own origin: only a socket from it may authenticate with the session cookie. */
  appBaseUrl: string;
}

export interface Collab {
  hocuspocus: Hocuspocus<CollabContext>;
  persistence: PersistenceExtension;
  bridge: PageCollabBridge;
  /** Adds the `/collab` WebSocket route to a Fastify app that has @fastify/websocket. */
  mount(app: FastifyInstance): void;
  /** Logs every buffered update, stores every open document, closes connections. */
  close(): Promise<void>;
}

export interface CollabOptions {
  /** Hocuspocus store debounce (ms); defaults 2000 / max 10000. */
  debounce?: number;
  maxDebounce?: number;
  /** Turn off auth and storage: a bare Hocuspocus (benchmark baseline). */
  bare?: boolean;
}

/**
 * Creates the collaboration server on `deps` and listens for refresh and disconnect requests from
 * other processes. Its `bridge` is how REST reaches live documents (the caller hands it over).
 */
export async function createCollab(deps: CollabDependencies, options: CollabOptions = {}): Promise<Collab> {
  const instanceId = randomUUID();
  const { database } = deps;
  const persistence = new PersistenceExtension(database.db);
  const title = new TitleExtension(deps.writes.renamePageFromTitle);
  const issueDescriptions = new IssueDescriptionExtension(database.db, deps.writes.storeIssueDescription);
  const extensions: Extension[] = options.bare ? [] : [new AuthExtension(database.db), persistence, title, issueDescriptions];
  if (deps.redisUrl && !options.bare) extensions.push(await createRedisExtension(deps.redisUrl));
  const hocuspocus = new Hocuspocus<CollabContext>({
    name: `trellis-${instanceId.slice(0, 8)}`,
    quiet: true,
    debounce: options.debounce ?? 2000,
    maxDebounce: options.maxDebounce ?? 10_000,
    extensions,
  });

  const closeLocal = (pageId: string, code: CollabCloseCode) => {
    const document = hocuspocus.documents.get(pageId);
    for (const connection of document?.getConnections() ?? []) {
      // Closing the socket (not just the document channel) makes the provider reconnect and re-authenticate.
      connection.webSocket.close(code, COLLAB_CLOSE_REASON[code]);
    }
  };
  const refreshLocal = async (pageId: string) => {
    const document = hocuspocus.documents.get(pageId);
    if (!document || document.isLoading) return;
    // Storage origin: already logged, so not logged again; Hocuspocus still broadcasts it to every editor.
    // The title stays as it is live (it may be ahead of the row while its rename is debounced).
    await loadStoredStateInto(database.db, pageId, document, { origin: STORAGE_ORIGIN, writeName: false });
  };
  const listen = (channel: string, onPayload: (fields: string[]) => void) =>
    options.bare
      ? Promise.resolve(async () => {})
      : database.listen(channel, (payload) => onPayload(payload.split(':'))).catch(() => async () => {});
  const unlisteners = [
    listen(PAGE_DISCONNECT_CHANNEL, ([origin, pageId, code]) => {
      if (origin !== instanceId) closeLocal(pageId, Number(code) as CollabCloseCode);
    }),
    // An issue description changed over REST (any process, sent at commit): merge it into the open document.
    listen(ISSUE_DOC_UPDATE_CHANNEL, ([documentName]) => {
      const issueId = issueIdOfDocument(documentName);
      const document = issueId ? hocuspocus.documents.get(documentName) : undefined;
      if (issueId && document && !document.isLoading) {
        issueDescriptions.refresh(issueId, document).catch((error) => console.error('[collab] could not refresh an issue description', error));
      }
    }),
    listen(PAGE_UPDATE_CHANNEL, ([origin, pageId]) => {
      if (origin !== instanceId && isUuid(pageId)) refreshLocal(pageId).catch((error) => console.error('[collab] could not refresh a page from storage', error));
    }),
  ];

  const bridge: PageCollabBridge = {
    async transact(pageId, change, actorId) {
      const connection = await hocuspocus.openDirectConnection(pageId, { userId: actorId ?? '', displayName: '', canEdit: true });
      try {
        await connection.transact(change);
        await persistence.flush(pageId);
      } finally {
        await connection.disconnect();
      }
      // The change is in page_updates (or compacted) now: collab processes elsewhere merge it into open editors.
      await database.notify(PAGE_UPDATE_CHANNEL, `${instanceId}:${pageId}`).catch(() => {});
    },
    liveState(pageId) {
      const document = hocuspocus.documents.get(pageId);
      return document && !document.isLoading ? Y.encodeStateAsUpdate(document) : null;
    },
    disconnect(pageId, code) {
      closeLocal(pageId, code);
      database.notify(PAGE_DISCONNECT_CHANNEL, `${instanceId}:${pageId}:${code}`).catch(() => {});
    },
  };
  return {
    hocuspocus,
    persistence,
    bridge,
    mount(app) {
      app.route({
        method: 'GET',
        url: '/collab',
        // Security: authentication happens per document in AuthExtension.onAuthenticate.
        config: { access: 'public' },
        schema: { response: replies({}) },
        handler: (_request, reply) => reply.code(426).send({ error: 'Upgrade Required' }),
        wsHandler: (socket: WebSocket, request: FastifyRequest) => attachSocket(hocuspocus, socket, request, deps.appBaseUrl),
      });
    },
    async close() {
      await title.flushAll();
      await persistence.flushAll();
      await Promise.allSettled(
        [...hocuspocus.documents.values()].map((document) =>
          hocuspocus.storeDocumentHooks(
            document,
            { clientsCount: 0, document, documentName: document.name, instance: hocuspocus, lastContext: {} as CollabContext, lastTransactionOrigin: undefined },
            true,
          ),
        ),
      );
      hocuspocus.closeConnections();
      await Promise.all(unlisteners.map(async (unlisten) => (await unlisten)()));
    },
  };
}

/**
 * Hands one upgraded socket to Hocuspocus (toolchain §3: v4 needs a Fetch Request and manual wiring).
 * Security: a socket from a foreign Origin is handed over without its Cookie header, so the session
 * cookie authenticates no document on it (the /live rule, shared/same-origin.ts); an API key sent
 * as the provider token still does.
 */
function attachSocket(hocuspocus: Hocuspocus<CollabContext>, socket: WebSocket, request: FastifyRequest, appBaseUrl: string): void {
  const cookieAllowed = isSameOrigin(request.headers, appBaseUrl);
  const headers = new Headers();
  for (const [key, value] of Object.entries(request.headers)) {
    if (key === 'cookie' && !cookieAllowed) continue;
    if (typeof value === 'string') headers.set(key, value);
    else if (Array.isArray(value)) value.forEach((item) => headers.append(key, item));
  }
  const fetchRequest = new Request(`http://${request.headers.host ?? 'localhost'}${request.url}`, { headers });
  const connection = hocuspocus.handleConnection(socket, fetchRequest);
  socket.on('message', (data: Buffer | ArrayBuffer | Buffer[]) => {
    const bytes = Array.isArray(data) ? Buffer.concat(data) : Buffer.isBuffer(data) ? data : Buffer.from(data);
    connection.handleMessage(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  });
  socket.on('close', (code: number, reason: Buffer) => connection.handleClose({ code, reason: reason.toString() }));
}
