// A network link the test can cut: a TCP relay on loopback between one browser and the server.
// Chromium's offline emulation (`context.setOffline`) is not airtight: a request made while a page
// reloads or navigates, or by a service worker that has just been started again, can escape it (the
// outbox journeys saw an "offline" edit already on the server, in full suite runs only). A browser
// that reaches the server through this relay is really offline while the link is cut: every open
// connection is reset and new ones are reset as they arrive, whoever in the browser makes them.
// Everything passes through byte for byte (HTTP, the live WebSocket): the browser talks to
// `url`, a second origin of the same server (cookies are per host, not per port).
import { createServer, connect, type Socket } from 'node:net';

export interface CuttableLink {
  /** Where the browser should go instead of the server: same server, through the relay. */
  url: string;
  /** The network goes: open connections are reset, new ones are reset at once. */
  cut(): void;
  /** The network is back. */
  restore(): void;
  close(): Promise<void>;
}

export async function cuttableLink(serverUrl: string): Promise<CuttableLink> {
  const target = new URL(serverUrl);
  const open = new Set<Socket>();
  let isCut = false;
  const reset = (socket: Socket) => (socket.destroyed ? undefined : socket.resetAndDestroy());

  const relay = createServer((browserSide) => {
    if (isCut) return reset(browserSide);
    const serverSide = connect(Number(target.port), '127.0.0.1');
    for (const socket of [browserSide, serverSide]) {
      open.add(socket);
      socket.on('close', () => open.delete(socket));
    }
    // A reset or an error on one side ends the other the same way: the browser sees a broken
    // connection, never a clean close it might take for an answer.
    browserSide.on('error', () => reset(serverSide));
    serverSide.on('error', () => reset(browserSide));
    browserSide.pipe(serverSide);
    serverSide.pipe(browserSide);
  });
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
  const address = relay.address();
  const port = typeof address === 'object' && address ? address.port : 0;

  return {
    url: `http://localhost:${port}`,
    cut() {
      isCut = true;
      for (const socket of open) reset(socket);
    },
    restore() {
      isCut = false;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of open) socket.destroy();
        relay.close(() => resolve());
      }),
  };
}
