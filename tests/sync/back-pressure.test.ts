// Back-pressure: a socket that stops reading is closed with 4008 "slow consumer" once its unsent
// bytes pass LIVE_MAX_BUFFERED_BYTES, without holding back other sockets; the client LiveSocket
// then reconnects with its last id and receives everything it missed, once.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import WebSocket from 'ws';
import { LiveCloseCode, type ChangeMessage } from '../../shared/live-protocol';
import { LiveSocket, type SocketLike } from '../../client/live/live-socket';
import { liveEngineOf } from '../../server/live/engine';
import { createTestServer, type TestServer } from '../support/server';
import { buildUser, buildWorkspace, type TestUser, type TestWorkspace } from '../support/factories';
import { eventually, openLive, writeChange } from './live-client';

let server: TestServer;
let baseUrl: string;
let owner: TestUser;
let workspace: TestWorkspace;

beforeAll(async () => {
  server = await createTestServer({ env: { LIVE_MAX_BUFFERED_BYTES: String(2 * 1024 * 1024) } });
  baseUrl = await server.listen();
  owner = await buildUser(server);
  workspace = await buildWorkspace(server, owner);
});

afterAll(async () => {
  await server?.close();
});

describe('slow consumers', () => {
  test('a stalled socket is closed with 4008; a healthy one keeps receiving; the client catches up on reconnect', async () => {
    const stalled = await openLive(baseUrl, { headers: owner.headers });
    stalled.subscribe(workspace.slug, 0);
    await stalled.waitFor((msg) => msg.type === 'ready');
    const healthy = await openLive(baseUrl, { headers: owner.headers });
    healthy.subscribe(workspace.slug, 0);
    await healthy.waitFor((msg) => msg.type === 'ready');

    const applied: ChangeMessage[] = [];
    const client = new LiveSocket({
      url: `${baseUrl.replace(/^http/, 'ws')}/live/`,
      workspace: workspace.slug,
      since: 0,
      onChange: (change) => applied.push(change),
      createSocket: (url) => new WebSocket(url, { headers: { cookie: owner.headers.cookie } }) as unknown as SocketLike,
      baseDelayMs: 50,
    });
    client.start();
    await eventually(() => client.state === 'connected');
    await new Promise((resolve) => setTimeout(resolve, 100));
    // Stop reading on both the raw socket and the LiveSocket's connection.
    (stalled.ws as unknown as { _socket: { pause(): void } })._socket.pause();
    const inner = (client as unknown as { socket: { _socket: { pause(): void; resume(): void } } }).socket;
    inner._socket.pause();

    const blob = 'x'.repeat(512 * 1024);
    const written: string[] = [];
    const engine = liveEngineOf(server.app.ctx)!;
    // The stalled socket reads again as soon as the server has given up on it: the server waits
    // 30 s (ws's close timeout) for the peer to answer its close frame, then cuts the connection,
    // and the rest of this loop can take longer than that on a loaded machine (seen: 1006).
    let resumed = false;
    const resumeStalled = () => {
      if (resumed) return;
      resumed = true;
      (stalled.ws as unknown as { _socket: { resume(): void } })._socket.resume();
    };
    for (let i = 0; i < 64; i++) {
      // A workspace label (as the protocol declares it, which the LiveSocket checks) carrying the blob.
      const label = { name: `big-${i}`, color: '#000000', description: '', parent: null, sort_order: i, project_id: null, workspace_id: workspace.id, version: 1 };
      const id = await writeChange(server, { workspaceId: workspace.id, entity: 'label', op: 'create', data: { ...label, blob, i } });
      written.push(id);
      // The healthy reader keeps up (it shares this process's event loop with the server).
      await healthy.waitFor((msg) => msg.type === 'change' && msg.data.id === id, 10_000);
      if (engine.connections.size === 1) resumeStalled();
    }

    // The server gives up on both stalled sockets (it cannot flush them); once they read again,
    // they find the close frame behind what was already buffered.
    await eventually(() => engine.connections.size === 1, 20_000);
    resumeStalled();
    const closed = await stalled.closed;
    expect(closed.code).toBe(LiveCloseCode.SLOW_CONSUMER);
    expect(closed.reason).toBe('slow consumer');
    await healthy.waitFor((msg) => msg.type === 'change' && msg.data.id === written[written.length - 1], 15_000);
    expect(healthy.changes()).toHaveLength(written.length);

    inner._socket.resume();
    await eventually(() => applied.length >= written.length, 20_000);
    expect(applied.map((change) => change.data.id)).toEqual(written);
    client.stop();
    healthy.close();
  }, 60_000);
});
