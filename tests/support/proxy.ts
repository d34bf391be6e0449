// A small reverse proxy for process tests of the scale-out topology — what deploy/nginx.conf does in
// docker-compose.yml, in ~150 lines of Node: `/collab` to the collaboration processes, everything
// else (REST, `/live`) to the API processes, WebSocket upgrades passed through as raw TCP. Each pool
// is round-robin; a backend that refuses the connection (killed) is skipped for the next one, as
// nginx's `proxy_next_upstream error` does, so a client reconnecting after a backend died lands on
// a live one. A request that reached a backend is never replayed (a 502 is the client's answer,
// like nginx with a POST). `hold()` makes new connections wait until `release()` (to look at the
// system between a crash and the clients' reconnection).
import { createServer, request, type IncomingMessage, type Server } from 'node:http';
import { connect, type Socket } from 'node:net';

export type Pool = 'api' | 'collab';

export interface Upgrade {
  pool: Pool;
  backend: string;
  path: string;
  client: Socket;
}

export interface TestProxy {
  url: string;
  /** WebSocket connections open through the proxy now, with the backend each reached. */
  upgrades(pool?: Pool): Upgrade[];
  /** New connections (HTTP and upgrades) wait until release(). */
  hold(): void;
  release(): void;
  close(): Promise<void>;
}

interface Backend {
  host: string;
  port: number;
}

function parse(base: string): Backend {
  const url = new URL(base);
  return { host: url.hostname, port: Number(url.port) };
}

const isRefusal = (error: NodeJS.ErrnoException) => error.code === 'ECONNREFUSED' || error.code === 'ECONNRESET' || error.code === 'EPIPE';

export async function startProxy(backends: Record<Pool, string[]>): Promise<TestProxy> {
  const pools: Record<Pool, Backend[]> = { api: backends.api.map(parse), collab: backends.collab.map(parse) };
  const next: Record<Pool, number> = { api: 0, collab: 0 };
  const open = new Set<Upgrade>();
  let held: (() => void)[] | null = null;
  const whenReleased = () => (held ? new Promise<void>((resolve) => held!.push(resolve)) : Promise.resolve());

  const poolOf = (url: string | undefined): Pool => (url?.startsWith('/collab') ? 'collab' : 'api');
  /** The pool's backends in the order to try them: round-robin start, then the others. */
  const order = (pool: Pool): Backend[] => {
    const list = pools[pool];
    const start = next[pool]++ % list.length;
    return [...list.slice(start), ...list.slice(0, start)];
  };

  async function proxyRequest(req: IncomingMessage, res: import('node:http').ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    await whenReleased();
    const body = Buffer.concat(chunks);
    for (const backend of order(poolOf(req.url))) {
      const outcome = await new Promise<'refused' | 'done'>((resolve) => {
        let connected = false;
        const outgoing = request({ ...backend, method: req.method, path: req.url, headers: { ...req.headers, connection: 'close' }, agent: false }, (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
          answer.on('end', () => resolve('done'));
          answer.on('error', () => {
            res.destroy();
            resolve('done');
          });
        });
        outgoing.on('socket', (socket) => socket.on('connect', () => (connected = true)));
        outgoing.on('error', (error: NodeJS.ErrnoException) => {
          // Refused before anything was sent: try the next backend. Sent and then lost: a 502.
          if (!connected && isRefusal(error)) return resolve('refused');
          if (!res.headersSent) res.writeHead(502, { 'content-type': 'application/json' }).end('{"error":"bad gateway"}');
          else res.destroy();
          resolve('done');
        });
        outgoing.end(body);
      });
      if (outcome === 'done') return;
    }
    res.writeHead(502, { 'content-type': 'application/json' }).end('{"error":"no backend"}');
  }

  async function proxyUpgrade(req: IncomingMessage, client: Socket, head: Buffer) {
    client.on('error', () => client.destroy());
    await whenReleased();
    const pool = poolOf(req.url);
    for (const backend of order(pool)) {
      if (client.destroyed) return;
      const upstream = await new Promise<Socket | null>((resolve) => {
        const socket = connect(backend.port, backend.host);
        socket.once('connect', () => resolve(socket));
        socket.once('error', () => resolve(null));
      });
      if (!upstream) continue;
      const lines = [`${req.method} ${req.url} HTTP/1.1`];
      for (let i = 0; i < req.rawHeaders.length; i += 2) lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
      upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
      if (head.length) upstream.write(head);
      const entry: Upgrade = { pool, backend: `http://${backend.host}:${backend.port}`, path: req.url ?? '', client };
      open.add(entry);
      const end = () => {
        open.delete(entry);
        upstream.destroy();
        client.destroy();
      };
      upstream.on('error', end).on('close', end);
      client.on('error', end).on('close', end);
      upstream.pipe(client);
      client.pipe(upstream);
      return;
    }
    client.end('HTTP/1.1 502 Bad Gateway\r\nconnection: close\r\ncontent-length: 0\r\n\r\n');
  }

  const server: Server = createServer((req, res) => void proxyRequest(req, res));
  server.on('upgrade', (req, socket, head) => void proxyUpgrade(req, socket as Socket, head));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    upgrades: (pool) => [...open].filter((entry) => !pool || entry.pool === pool),
    hold: () => {
      held ??= [];
    },
    release: () => {
      const waiting = held ?? [];
      held = null;
      for (const resume of waiting) resume();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const entry of open) entry.client.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
