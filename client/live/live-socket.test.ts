import { afterEach, describe, expect, test, vi } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
import { PROTOCOL_VERSION, type ChangeMessage } from '../../shared/live-protocol';
import { LiveSocket, readControlFrame, type ConnectionState, type SocketLike } from './live-socket';

interface FakeServer {
  url: string;
  wss: WebSocketServer;
  /** Client frames, per connection, in order. */
  received: Array<Array<Record<string, unknown>>>;
  sockets: WebSocket[];
  close(): Promise<void>;
}

const servers: FakeServer[] = [];
const lives: LiveSocket[] = [];

async function fakeServer(onMessage: (ws: WebSocket, message: Record<string, unknown>, connection: number) => void): Promise<FakeServer> {
  const wss = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  await new Promise((resolve) => wss.once('listening', resolve));
  const server: FakeServer = {
    url: `ws://127.0.0.1:${(wss.address() as { port: number }).port}/live/`,
    wss,
    received: [],
    sockets: [],
    close: () => new Promise((resolve) => { for (const ws of server.sockets) ws.terminate(); wss.close(() => resolve()); }),
  };
  wss.on('connection', (ws) => {
    const index = server.received.length;
    server.received.push([]);
    server.sockets.push(ws);
    ws.on('message', (data) => {
      const message = JSON.parse(String(data));
      server.received[index].push(message);
      onMessage(ws, message, index);
    });
  });
  servers.push(server);
  return server;
}

const change = (id: number, extra: Partial<ChangeMessage> = {}): ChangeMessage => ({
  // A delete: its data is the id alone, the smallest frame the protocol declares.
  type: 'change', id, entity: 'issue', op: 'delete', workspace: 'acme', project_id: null, version: id, data: { id: `i${id}` }, client_mutation_id: null, ...extra,
});

function live(url: string, options: Partial<ConstructorParameters<typeof LiveSocket>[0]> = {}) {
  const applied: ChangeMessage[] = [];
  const states: ConnectionState[] = [];
  const socket = new LiveSocket({
    url,
    workspace: 'acme',
    since: 5,
    onChange: (c) => applied.push(c),
    onStateChange: (s) => states.push(s),
    createSocket: (target) => new WebSocket(target) as unknown as SocketLike,
    baseDelayMs: 20,
    random: () => 0.5,
    ...options,
  });
  lives.push(socket);
  return { socket, applied, states };
}

async function until(check: () => boolean, timeoutMs = 3000) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

afterEach(async () => {
  for (const socket of lives.splice(0)) socket.stop();
  for (const server of servers.splice(0)) await server.close();
});

describe('LiveSocket', () => {
  test('subscribes with its last id, applies changes once, follows ready and ping cursors, answers pings', async () => {
    const server = await fakeServer((ws, message) => {
      if (message.type !== 'subscribe') return;
      for (const frame of [change(6), change(6), change(4), change(7), { type: 'ready', workspace: 'acme', head: 9 }, { type: 'ping', cursor: 12 }]) ws.send(JSON.stringify(frame));
    });
    const { socket, applied, states } = live(server.url);
    socket.start();
    await until(() => server.received[0]?.some((m) => m.type === 'pong'));
    expect(server.received[0][0]).toEqual({ type: 'subscribe', workspace: 'acme', since: 5, protocol_version: PROTOCOL_VERSION });
    expect(applied.map((c) => c.id)).toEqual([6, 7]);
    expect(socket.lastId).toBe(12);
    expect(states).toEqual(['connected']);
  });

  test('a frame that does not match the protocol is logged and dropped, and the stream goes on', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const server = await fakeServer((ws, message) => {
      if (message.type !== 'subscribe') return;
      for (const frame of [change(6, { entity: 'label_group' as never }), change(7, { op: 'update' }), change(8, { data: {} }), change(9)]) ws.send(JSON.stringify(frame));
    });
    const { socket, applied } = live(server.url);
    socket.start();
    await until(() => applied.length === 1);
    expect(applied.map((c) => c.id)).toEqual([9]);
    expect(warn.mock.calls.filter(([text]) => String(text).startsWith('[live]'))).toHaveLength(3);
    warn.mockRestore();
  });

  test('a version_mismatch stops the socket for good and asks for a reload', async () => {
    let connections = 0;
    const server = await fakeServer((ws, message) => {
      if (message.type !== 'subscribe') return;
      connections += 1;
      ws.send(JSON.stringify({ type: 'version_mismatch', protocol_version: PROTOCOL_VERSION + 1 }));
      ws.close(4426, 'protocol version mismatch');
    });
    const versions: number[] = [];
    const { socket, states } = live(server.url, { onVersionMismatch: (version) => versions.push(version) });
    socket.start();
    await until(() => versions.length === 1 && socket.state === 'offline');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(versions).toEqual([PROTOCOL_VERSION + 1]);
    expect(states.at(-1)).toBe('offline');
    expect(connections).toBe(1);
  });

  test('after a drop it reconnects with backoff and resubscribes from the last applied id', async () => {
    const server = await fakeServer((ws, message, connection) => {
      if (message.type !== 'subscribe') return;
      if (connection === 0) {
        ws.send(JSON.stringify(change(8)));
        setTimeout(() => ws.close(4008, 'slow consumer'), 20);
      } else ws.send(JSON.stringify(change(9)));
    });
    const { socket, applied, states } = live(server.url);
    socket.start();
    await until(() => applied.length === 2);
    expect(server.received[1][0]).toEqual({ type: 'subscribe', workspace: 'acme', since: 8, protocol_version: PROTOCOL_VERSION });
    expect(states).toEqual(['connected', 'reconnecting', 'connected']);
  });

  test('backoff doubles up to the cap, with jitter between half and the full delay', async () => {
    const { socket } = live('ws://127.0.0.1:9/live/', { baseDelayMs: 100, maxDelayMs: 400, random: () => 1 });
    const delays = Array.from({ length: 5 }, () => (socket as unknown as { nextDelay(): number }).nextDelay());
    expect(delays).toEqual([100, 200, 400, 400, 400]);
    const low = live('ws://127.0.0.1:9/live/', { baseDelayMs: 100, random: () => 0 }).socket as unknown as { nextDelay(): number };
    expect(low.nextDelay()).toBe(50);
  });

  test('reset reloads through onReset and resubscribes from the returned cursor', async () => {
    const server = await fakeServer((ws, message) => {
      if (message.type === 'subscribe' && message.since === 5) ws.send(JSON.stringify({ type: 'reset', reason: 'retention' }));
      else if (message.type === 'subscribe') ws.send(JSON.stringify({ type: 'ready', workspace: 'acme', head: 40 }));
    });
    let reloads = 0;
    const { socket } = live(server.url, { onReset: async () => { reloads += 1; return 30; } });
    socket.start();
    await until(() => socket.lastId === 40);
    expect(reloads).toBe(1);
    expect(server.received[0].map((m) => m.since)).toEqual([5, 30]);
  });

  test('unauthorized or forbidden closes stop reconnecting and report offline', async () => {
    const server = await fakeServer((ws) => ws.close(4003, 'forbidden'));
    const { socket, states } = live(server.url);
    socket.start();
    await until(() => states.includes('offline'));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(server.received).toHaveLength(1);
    expect(socket.state).toBe('offline');
  });

  test('a silent connection is dropped and reopened', async () => {
    const server = await fakeServer(() => {});
    const { socket, states } = live(server.url, { silenceTimeoutMs: 50 });
    socket.start();
    await until(() => server.received.length >= 2 && server.received[1].length > 0);
    expect(states.slice(0, 3)).toEqual(['connected', 'reconnecting', 'connected']);
  });

  test('the browser going offline drops the socket at once; online resubscribes from the last id', async () => {
    // Node has no window events: lend globalThis an EventTarget for this test.
    const events = new EventTarget();
    const global = globalThis as unknown as Record<string, unknown>;
    global.addEventListener = events.addEventListener.bind(events);
    global.removeEventListener = events.removeEventListener.bind(events);
    try {
      const server = await fakeServer((ws, message) => {
        if (message.type === 'subscribe') ws.send(JSON.stringify(change(9)));
      });
      const { socket, states } = live(server.url);
      socket.start();
      await until(() => socket.lastId === 9);
      events.dispatchEvent(new Event('offline'));
      expect(socket.state).toBe('offline');
      await until(() => server.sockets[0].readyState === WebSocket.CLOSED);
      events.dispatchEvent(new Event('online'));
      await until(() => server.received.length === 2 && server.received[1].length > 0);
      expect(server.received[1][0]).toMatchObject({ type: 'subscribe', since: 9 });
      expect(states).toEqual(['connected', 'offline', 'reconnecting', 'connected']);
    } finally {
      delete global.addEventListener;
      delete global.removeEventListener;
    }
  });

  test('rewind to an older snapshot replays from it on a fresh socket; frames of the old one are ignored', async () => {
    const server = await fakeServer((ws, message) => {
      if (message.type !== 'subscribe') return;
      if (message.since === 5) ws.send(JSON.stringify({ type: 'ready', workspace: 'acme', head: 9 }));
      if (message.since === 3) {
        ws.send(JSON.stringify(change(4)));
        ws.send(JSON.stringify({ type: 'ready', workspace: 'acme', head: 9 }));
      }
    });
    const { socket, applied } = live(server.url);
    socket.start();
    await until(() => socket.lastId === 9);
    socket.rewind(12); // newer than what was applied: nothing to do
    socket.rewind(3);
    expect(socket.lastId).toBe(3);
    await until(() => applied.some((c) => c.id === 4) && socket.lastId === 9);
    expect(server.received.map((frames) => frames.filter((frame) => frame.type === 'subscribe').map((frame) => frame.since))).toEqual([[5], [3]]);
    // The first socket was closed by the rewind.
    await until(() => server.sockets[0]!.readyState === WebSocket.CLOSED);
  });

  test('during a reset, the oldest cursor the reload reported wins over the one it returns', async () => {
    const server = await fakeServer((ws, message) => {
      if (message.type === 'subscribe' && message.since === 5) ws.send(JSON.stringify({ type: 'reset', reason: 'retention' }));
    });
    const { socket } = live(server.url, {
      onReset: async () => {
        socket.rewind(6); // a list the reload fetched, older than the projects answer
        return 8;
      },
    });
    socket.start();
    await until(() => server.received[0]?.some((frame) => frame.type === 'subscribe' && frame.since === 6) ?? false);
    expect(socket.lastId).toBe(6);
  });
});

describe('control frames, read without the protocol schemas (a quiet page never loads them)', () => {
  test('well-formed control frames are read as the schemas would; a change is left to the schemas', () => {
    expect(readControlFrame('{"type":"ready","workspace":"acme","head":12}')).toEqual({ type: 'ready', workspace: 'acme', head: 12 });
    expect(readControlFrame('{"type":"ping","cursor":3}')).toEqual({ type: 'ping', cursor: 3 });
    expect(readControlFrame('{"type":"ping"}')).toEqual({ type: 'ping' });
    expect(readControlFrame('{"type":"pong"}')).toEqual({ type: 'pong' });
    expect(readControlFrame('{"type":"reset","reason":"gap"}')).toEqual({ type: 'reset', reason: 'gap' });
    expect(readControlFrame('{"type":"version_mismatch","protocol_version":2}')).toEqual({ type: 'version_mismatch', protocol_version: 2 });
    expect(readControlFrame('{"type":"change","id":1,"entity":"issue","op":"update","data":{}}')).toBeUndefined();
  });

  test('a control frame that does not match is refused, as the schemas refuse it', () => {
    for (const bad of ['not json', '[]', 'null', '{"type":"ready","workspace":"acme","head":-1}', '{"type":"ready","workspace":"","head":1}', '{"type":"ready","workspace":"acme","head":1.5}', '{"type":"ping","cursor":"3"}', '{"type":"version_mismatch","protocol_version":0}', '{"type":"reset","reason":5}']) {
      expect(readControlFrame(bad), bad).toBeNull();
    }
  });
});
