// Test helpers for the live stream suites: a real `ws` client that records every frame, and a
// writer that records changes the way services do (withTransaction + recordChange).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll } from 'vitest';
import WebSocket from 'ws';
import type { ChangeMessage, LiveEntity, ServerMessage } from '../../shared/live-protocol';
import { recordChange, withTransaction, type ChangeInput, type ChangeOp } from '../../server/live/record-change';
import type { TestServer } from '../support/server';

export interface LiveClient {
  ws: WebSocket;
  messages: ServerMessage[];
  changes(): ChangeMessage[];
  subscribe(workspace: string, since: number): void;
  /** Resolves with the first recorded message (from `from` on) matching the predicate. */
  waitFor<T extends ServerMessage = ServerMessage>(predicate: (message: ServerMessage) => boolean, timeoutMs?: number, from?: number): Promise<T>;
  closed: Promise<{ code: number; reason: string }>;
  close(): void;
}

/** Opens /live/ as a user (cookie headers) or with `?token=`. Resolves once the socket is open. */
export async function openLive(baseUrl: string, auth: { headers?: Record<string, string>; token?: string }): Promise<LiveClient> {
  const url = baseUrl.replace(/^http/, 'ws') + '/live/' + (auth.token ? `?token=${auth.token}` : '');
  // Only the headers a browser's WebSocket carries: the cookie and, when the test names one, the page's Origin.
  const upgradeHeaders = Object.fromEntries(Object.entries(auth.headers ?? {}).filter(([name]) => name === 'cookie' || name === 'origin'));
  const ws = new WebSocket(url, { headers: upgradeHeaders });
  const messages: ServerMessage[] = [];
  const waiters = new Set<() => void>();
  ws.on('message', (data, isBinary) => {
    // API.md: every server message is a JSON text frame; a browser would hand a binary one over as a Blob.
    if (isBinary) throw new Error(`/live/ sent a binary frame: ${String(data).slice(0, 80)}`);
    const message = JSON.parse(String(data)) as ServerMessage;
    if (message.type === 'ping') ws.send(JSON.stringify({ type: 'pong' }));
    messages.push(message);
    for (const waiter of [...waiters]) waiter();
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) => {
    ws.on('close', (code, reason) => {
      resolve({ code, reason: String(reason) });
      for (const waiter of [...waiters]) waiter();
    });
  });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  return {
    ws,
    messages,
    closed,
    changes: () => messages.filter((message): message is ChangeMessage => message.type === 'change'),
    subscribe(workspace, since) {
      ws.send(JSON.stringify({ type: 'subscribe', workspace, since }));
    },
    waitFor<T extends ServerMessage>(predicate: (message: ServerMessage) => boolean, timeoutMs = 5000, from = 0) {
      return new Promise<T>((resolve, reject) => {
        const check = () => {
          const found = messages.slice(from).find(predicate);
          if (found) {
            cleanup();
            resolve(found as T);
          } else if (ws.readyState === WebSocket.CLOSED) {
            cleanup();
            reject(new Error(`socket closed while waiting; got ${JSON.stringify(messages.map((m) => m.type))}`));
          }
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(new Error(`timed out; got ${JSON.stringify(messages)}`));
        }, timeoutMs);
        const cleanup = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
        check();
      });
    },
    close: () => ws.close(),
  };
}

/** A test file's live sockets: see `useLiveSockets`. */
export interface LiveSockets {
  /** The listening server's base URL, once beforeAll has run. */
  readonly baseUrl: string;
  /** Every socket the file opened; each is closed after the file's tests. */
  sockets: LiveClient[];
  /** Opens /live/ as `user`, subscribes to the workspace from `since` and waits for `ready`. */
  subscribed(user: { headers: Record<string, string> }, since?: number): Promise<LiveClient>;
}

/**
 * For a file that opens live sockets on the server of a `useWorld`/`useTeam` handle (registered
 * before this): a beforeAll makes that server listen, and an afterAll closes every socket in
 * `sockets` — before the handle's afterAll closes the server, as vitest runs after-hooks as a stack.
 */
export function useLiveSockets(handle: { server: TestServer; workspace: { slug: string } }): LiveSockets {
  let baseUrl = '';
  const sockets: LiveClient[] = [];
  beforeAll(async () => {
    baseUrl = await handle.server.listen();
  });
  afterAll(() => {
    for (const socket of sockets) socket.close();
  });
  return {
    get baseUrl() {
      return baseUrl;
    },
    sockets,
    async subscribed(user, since = 0) {
      const client = await openLive(baseUrl, { headers: user.headers });
      sockets.push(client);
      client.subscribe(handle.workspace.slug, since);
      await client.waitFor((message) => message.type === 'ready');
      return client;
    },
  };
}

export interface WriteInput {
  workspaceId: string;
  projectId?: string | null;
  audienceUserId?: string | null;
  entity: LiveEntity;
  entityId?: string;
  op?: ChangeOp;
  version?: number;
  data?: Record<string, unknown>;
  actorId?: string | null;
  clientMutationId?: string | null;
}

/**
 * Records one change through the real change-log helper (as a service would); returns the entity id.
 * The data is the test's own (often a partial row): raw sockets read it, the app's validated client does not.
 */
export async function writeChange(server: TestServer, input: WriteInput): Promise<string> {
  const entityId = input.entityId ?? randomUUID();
  await withTransaction(server.app.ctx, { actorId: input.actorId ?? null, clientMutationId: input.clientMutationId ?? null }, async (tx) => {
    recordChange(tx, {
      workspaceId: input.workspaceId,
      projectId: input.projectId ?? null,
      audienceUserId: input.audienceUserId ?? null,
      entity: input.entity,
      entityId,
      op: input.op ?? 'create',
      version: input.version ?? 1,
      data: input.op === 'delete' ? { id: entityId } : { id: entityId, ...input.data },
    } as ChangeInput);
  });
  return entityId;
}

/** Waits until `check` passes (polling), or throws after the timeout. */
export async function eventually(check: () => boolean | Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Collects messages for a while (to assert that something did NOT arrive). */
export function settle(ms = 300): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
