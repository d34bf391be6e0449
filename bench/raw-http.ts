// A minimal keep-alive HTTP/1.1 GET client for one-request-at-a-time timings: a prebuilt request
// written to one socket, the answer read to its Content-Length. fetch (undici) spends about a
// millisecond of this machine's CPU per request, which would count against the server it times.
import { connect, type Socket } from 'node:net';

export class RawHttpClient {
  private socket: Socket | null = null;
  private buffer: Buffer = Buffer.alloc(0);
  private waiting: ((status: number) => void) | null = null;
  private failed: ((error: Error) => void) | null = null;

  constructor(private readonly host: string, private readonly port: number, private readonly headers: Record<string, string>) {}

  static for(url: string, headers: Record<string, string>): RawHttpClient {
    const parsed = new URL(url);
    return new RawHttpClient(parsed.hostname, Number(parsed.port), headers);
  }

  /** GETs `path` (with its query) and resolves with the status once the whole body arrived. */
  get(path: string): Promise<number> {
    return this.request('GET', path);
  }

  /** Sends `method path` with an optional JSON body; resolves with the status once the whole answer arrived. */
  async request(method: string, path: string, body?: unknown): Promise<number> {
    const socket = this.socket ?? (await this.open());
    const payload = body === undefined ? '' : JSON.stringify(body);
    const lines = [`${method} ${path} HTTP/1.1`, `host: ${this.host}:${this.port}`, 'connection: keep-alive', ...Object.entries(this.headers).map(([name, value]) => `${name}: ${value}`)];
    if (payload) lines.push('content-type: application/json', `content-length: ${Buffer.byteLength(payload)}`);
    return new Promise<number>((resolve, reject) => {
      this.waiting = resolve;
      this.failed = reject;
      socket.write(`${lines.join('\r\n')}\r\n\r\n${payload}`);
    });
  }

  close(): void {
    this.socket?.destroy();
    this.socket = null;
  }

  private open(): Promise<Socket> {
    return new Promise((resolve, reject) => {
      const socket = connect(this.port, this.host, () => resolve(socket));
      socket.setNoDelay(true);
      socket.on('error', (error) => (this.failed ? this.failed(error) : reject(error)));
      socket.on('data', (chunk) => this.onData(chunk));
      // A connection the server closes under a pending request fails it (a bench must stop with
      // an error, not wait for ever); the next request opens a new one.
      socket.on('close', () => {
        if (this.socket === socket) this.socket = null;
        this.buffer = Buffer.alloc(0);
        const fail = this.failed;
        this.waiting = this.failed = null;
        fail?.(new Error(`${this.host}:${this.port} closed the connection before answering`));
      });
      this.socket = socket;
    });
  }

  private onData(chunk: Buffer) {
    this.buffer = this.buffer.length ? Buffer.concat([this.buffer, chunk]) : chunk;
    const headerEnd = this.buffer.indexOf('\r\n\r\n');
    if (headerEnd < 0) return;
    const head = this.buffer.subarray(0, headerEnd).toString('latin1');
    const length = Number(/\r\ncontent-length:\s*(\d+)/i.exec(head)?.[1] ?? NaN);
    if (!Number.isFinite(length)) {
      this.failed?.(new Error(`answer without Content-Length:\n${head}`));
      return;
    }
    if (this.buffer.length < headerEnd + 4 + length) return;
    this.buffer = this.buffer.subarray(headerEnd + 4 + length);
    const status = Number(head.slice(9, 12));
    const resolve = this.waiting;
    this.waiting = this.failed = null;
    resolve?.(status);
  }
}
