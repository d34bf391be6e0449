import { afterEach, describe, expect, test } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
import type { ChangeMessage } from '../../shared/live-protocol';
import { createEntityStore } from '../stores/create-entity-store';
import type { SocketLike } from './live-socket';
import { connectLive, disconnectLive, liveUrl, registerLiveEntity, useLiveConnection } from './use-live-connection';

let wss: WebSocketServer | null = null;

afterEach(async () => {
  disconnectLive();
  await new Promise<void>((resolve) => (wss ? wss.close(() => resolve()) : resolve()));
  wss = null;
});

async function until(check: () => boolean) {
  // Generous: the socket loads the protocol schemas on connect, which takes seconds on a loaded machine.
  const deadline = Date.now() + 15_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

const label = { id: 'l1', name: 'bug', color: '#ff0000', description: '', parent: null, sort_order: 65535, project_id: null, workspace_id: 'w1', version: 1 };

describe('useLiveConnection', () => {
  test('exposes the connection state and routes changes to the registered store', async () => {
    wss = new WebSocketServer({ port: 0, host: '127.0.0.1' });
    await new Promise((resolve) => wss!.once('listening', resolve));
    const change: ChangeMessage = { type: 'change', id: 3, entity: 'label', op: 'create', workspace: 'acme', project_id: null, version: 1, data: label, client_mutation_id: null };
    wss.on('connection', (ws) => ws.on('message', () => {
      ws.send(JSON.stringify(change));
      ws.send(JSON.stringify({ type: 'ready', workspace: 'acme', head: 3 }));
    }));
    const store = createEntityStore<{ id: string; name: string; version?: number }>();
    store.setAll('acme', []);
    const unregister = registerLiveEntity('label', store);
    expect(useLiveConnection.getState().state).toBe('offline');
    connectLive('acme', {
      since: 0,
      url: `ws://127.0.0.1:${(wss.address() as { port: number }).port}/live/`,
      createSocket: (url) => new WebSocket(url) as unknown as SocketLike,
    });
    await until(() => useLiveConnection.getState().lastId === 3);
    expect(useLiveConnection.getState()).toMatchObject({ state: 'connected', workspace: 'acme' });
    // The store keeps the change's version on the row (one version book: a later, older REST row is refused).
    expect(store.getRows()).toEqual([label]);
    unregister();
    disconnectLive();
    expect(useLiveConnection.getState().state).toBe('offline');
  });

  test('builds the /live URL from the page origin', () => {
    expect(liveUrl({ protocol: 'https:', host: 'trellis.example' })).toBe('wss://trellis.example/live/');
    expect(liveUrl({ protocol: 'http:', host: 'localhost:3000' })).toBe('ws://localhost:3000/live/');
  });
});
