// The one reader of /live (STYLE §6), framework-free: connect, subscribe with the last applied id,
// replay → ready → live, resubscribe after any drop with exponential backoff and jitter, reload on
// `reset`, answer pings, and report the connection state (connected | reconnecting | offline).
// Every frame is checked against the declared protocol (shared/live-protocol.ts) before it reaches
// a store: one that does not match is logged and dropped, never cast. The subscribe names this
// page's PROTOCOL_VERSION; a server that speaks another one answers `version_mismatch`, and the
// socket stops and asks for a reload.
import { LiveCloseCode } from '../../shared/live-close-codes';
import type { ChangeMessage, parseServerMessage as ParseServerMessage, ServerMessage } from '../../shared/live-protocol';
import { PROTOCOL_VERSION } from '../../shared/live-protocol-version';

// The protocol's schemas (zod and every entity's payload schema) are loaded with the first change
// frame, not with the first screen (its 300 kB budget): the control frames of a quiet page (ready,
// ping, pong, reset, version_mismatch) are checked by readControlFrame below, field by field, so a
// page that receives no change never loads them. Frames after a change that waits for them wait too,
// in order.
let parser: Promise<typeof ParseServerMessage> | null = null;
const loadParser = () =>
  (parser ??= import('../../shared/live-protocol').then(
    (module) => module.parseServerMessage,
    (error: unknown) => {
      // A chunk that failed to load (a deploy, a network blip) is tried again by the next frame.
      parser = null;
      throw error;
    },
  ));

const isChangeId = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;

/**
 * A control frame checked without the schemas; `null` for one that does not match the protocol, and
 * `undefined` for a change (or a type this reader does not know), which the schemas decide.
 */
export function readControlFrame(text: string): ServerMessage | null | undefined {
  let frame: Record<string, unknown>;
  try {
    const json: unknown = JSON.parse(text);
    if (!json || typeof json !== 'object' || Array.isArray(json)) return null;
    frame = json as Record<string, unknown>;
  } catch {
    return null;
  }
  // As the schemas do, keys a frame has beyond its own are ignored (z.object strips them).
  switch (frame.type) {
    case 'ready':
      return typeof frame.workspace === 'string' && frame.workspace !== '' && isChangeId(frame.head) ? { type: 'ready', workspace: frame.workspace, head: frame.head } : null;
    case 'ping':
      if (frame.cursor === undefined) return { type: 'ping' };
      return isChangeId(frame.cursor) ? { type: 'ping', cursor: frame.cursor } : null;
    case 'pong':
      return { type: 'pong' };
    case 'reset':
      if (frame.reason === undefined) return { type: 'reset' };
      return typeof frame.reason === 'string' ? { type: 'reset', reason: frame.reason } : null;
    case 'version_mismatch':
      return typeof frame.protocol_version === 'number' && Number.isSafeInteger(frame.protocol_version) && frame.protocol_version > 0
        ? { type: 'version_mismatch', protocol_version: frame.protocol_version }
        : null;
    default:
      return undefined;
  }
}

export type ConnectionState = 'connected' | 'reconnecting' | 'offline';

/** The part of the WebSocket API this module uses (browser WebSocket and the `ws` package both fit). */
export interface SocketLike {
  readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: { code: number; reason: string }) => void) | null;
  onerror: ((event: unknown) => void) | null;
}

export interface LiveSocketOptions {
  /** `ws(s)://host/live/` (plus `?token=` for API keys). */
  url: string;
  workspace: string;
  /** Last change id the stores have applied (0 = from the beginning). */
  since: number;
  onChange(change: ChangeMessage): void;
  onReady?(head: number): void;
  /**
   * `since` is older than the server keeps: reload the stores, and return the new cursor
   * (the lists' `X-Sync-Cursor`) to resubscribe from.
   */
  onReset?(): Promise<number | void> | number | void;
  onStateChange?(state: ConnectionState): void;
  /** The server speaks another protocol version: this page is outdated and must reload. */
  onVersionMismatch?(serverVersion: number): void;
  createSocket?(url: string): SocketLike;
  /** First retry delay (doubles per failure up to `maxDelayMs`); default 500 ms. */
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** Reconnect when nothing (not even a ping) arrived for this long; default 65 s (server pings every 25 s). */
  silenceTimeoutMs?: number;
  random?(): number;
}

const OPEN = 1;
/** Closes after which retrying cannot help: the user must sign in again or lost access. */
const FATAL_CLOSES = new Set<number>([LiveCloseCode.UNAUTHORIZED, LiveCloseCode.FORBIDDEN, LiveCloseCode.OUTDATED_CLIENT]);

/** One live connection for one workspace; `start()` it once, `stop()` when leaving the workspace. */
export class LiveSocket {
  state: ConnectionState = 'offline';
  /** Every change up to this id has been applied (or was not visible to us). */
  lastId: number;
  private socket: SocketLike | null = null;
  private attempt = 0;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private silenceTimer: ReturnType<typeof setTimeout> | null = null;
  private stopped = true;
  /** While a `reset` reloads the stores: the oldest cursor their new answers reported. */
  private rewoundDuringReset: number | null = null;

  constructor(private readonly options: LiveSocketOptions) {
    this.lastId = options.since;
  }

  get workspace(): string {
    return this.options.workspace;
  }

  /**
   * The stores took in data whose snapshot (`X-Sync-Cursor`) is older than what was applied: the
   * changes after it are needed again, so the stream restarts from there — on a fresh socket, so no
   * frame of the old subscription can move `lastId` past the replay. Duplicates merge by version.
   */
  rewind(cursor: number): void {
    if (this.rewoundDuringReset !== null) {
      this.rewoundDuringReset = Math.min(this.rewoundDuringReset, cursor);
      return;
    }
    if (cursor >= this.lastId) return;
    this.lastId = cursor;
    const socket = this.socket;
    if (this.stopped || !socket) return;
    this.socket = null;
    this.clearTimers();
    socket.onclose = null;
    socket.onmessage = null;
    socket.close(1000, 'rewind');
    this.connect();
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    globalThis.addEventListener?.('online', this.handleOnline);
    globalThis.addEventListener?.('offline', this.handleOffline);
    this.connect();
  }

  stop(): void {
    this.stopped = true;
    globalThis.removeEventListener?.('online', this.handleOnline);
    globalThis.removeEventListener?.('offline', this.handleOffline);
    this.clearTimers();
    const socket = this.socket;
    this.socket = null;
    if (socket) {
      socket.onclose = null;
      socket.close(1000, 'client stopped');
    }
    this.setState('offline');
  }

  private connect() {
    if (this.stopped) return;
    if (isBrowserOffline()) return this.setState('offline');
    const socket = this.options.createSocket ? this.options.createSocket(this.options.url) : (new WebSocket(this.options.url) as unknown as SocketLike);
    this.socket = socket;
    socket.onopen = () => {
      this.attempt = 0;
      this.setState('connected');
      this.subscribe();
      this.armSilenceTimer();
    };
    socket.onmessage = (event) => this.receive(String(event.data));
    socket.onerror = () => {};
    socket.onclose = (event) => this.handleClose(socket, event.code);
  }

  private subscribe() {
    this.socket?.send(JSON.stringify({ type: 'subscribe', workspace: this.options.workspace, since: this.lastId, protocol_version: PROTOCOL_VERSION }));
  }

  private received: Promise<void> = Promise.resolve();
  private parse: typeof ParseServerMessage | null = null;
  /** Frames queued behind the schemas' load; a control frame read meanwhile waits its turn. */
  private queued = 0;

  private receive(text: string) {
    // Once the schemas are loaded, frames are handled as they arrive; before, control frames are
    // read at once and a change waits for the schemas (and every frame after it, in order).
    if (this.parse) return this.handleMessage(text, this.parse(text));
    if (this.queued === 0) {
      const control = readControlFrame(text);
      if (control !== undefined) return this.handleMessage(text, control);
    }
    this.queued += 1;
    this.received = this.received
      .then(async () => {
        this.parse ??= await loadParser();
        this.handleMessage(text, this.parse(text));
      })
      // One frame lost to a failed load must not stop every frame after it.
      .catch((error: unknown) => console.warn('[live] could not load the protocol to read a frame:', error))
      .finally(() => {
        this.queued -= 1;
      });
  }

  private handleMessage(text: string, message: ServerMessage | null) {
    this.armSilenceTimer();
    if (!message) {
      console.warn('[live] dropped a frame that does not match the protocol:', text.slice(0, 500));
      return;
    }
    switch (message.type) {
      case 'change':
        // Replays after a reconnect may overlap what we applied: ids only grow, so skip old ones.
        if (message.id <= this.lastId) return;
        this.lastId = message.id;
        this.options.onChange(message);
        return;
      case 'ready':
        this.lastId = Math.max(this.lastId, message.head);
        this.options.onReady?.(message.head);
        return;
      case 'ping':
        if (message.cursor !== undefined && message.cursor > this.lastId) this.lastId = message.cursor;
        this.send({ type: 'pong' });
        return;
      case 'reset':
        void this.handleReset();
        return;
      case 'version_mismatch':
        // Reconnecting cannot help: this page's code is outdated until it reloads.
        this.stop();
        this.options.onVersionMismatch?.(message.protocol_version);
        return;
      case 'pong':
        return;
    }
  }

  private async handleReset() {
    const socket = this.socket;
    let since: number | null = null;
    this.rewoundDuringReset = Number.POSITIVE_INFINITY;
    try {
      since = (await this.options.onReset?.()) ?? null;
    } catch {
      since = 0;
    }
    // From the oldest data the reload brought in (0 — everything retained — when it reported none).
    const oldest = Math.min(since ?? Number.POSITIVE_INFINITY, this.rewoundDuringReset);
    this.rewoundDuringReset = null;
    this.lastId = Number.isFinite(oldest) ? oldest : 0;
    if (socket && socket === this.socket && socket.readyState === OPEN) this.subscribe();
  }

  private handleClose(socket: SocketLike, code: number) {
    if (socket !== this.socket) return;
    this.socket = null;
    this.clearTimers();
    if (this.stopped) return;
    if (FATAL_CLOSES.has(code)) {
      this.stopped = true;
      return this.setState('offline');
    }
    this.setState(isBrowserOffline() ? 'offline' : 'reconnecting');
    this.retryTimer = setTimeout(() => this.connect(), this.nextDelay());
  }

  /** Exponential backoff with "equal jitter": half fixed, half random, capped. */
  private nextDelay(): number {
    const base = this.options.baseDelayMs ?? 500;
    const max = this.options.maxDelayMs ?? 30_000;
    const ceiling = Math.min(max, base * 2 ** this.attempt);
    this.attempt += 1;
    const random = this.options.random ?? Math.random;
    return ceiling / 2 + random() * (ceiling / 2);
  }

  private armSilenceTimer() {
    if (this.silenceTimer) clearTimeout(this.silenceTimer);
    const socket = this.socket;
    this.silenceTimer = setTimeout(() => {
      // A half-open connection: drop it and reconnect with our last id.
      if (socket && socket === this.socket) socket.close(4000, 'silence');
      if (socket) this.handleClose(socket, 4000);
    }, this.options.silenceTimeoutMs ?? 65_000);
  }

  private send(message: unknown) {
    if (this.socket?.readyState === OPEN) this.socket.send(JSON.stringify(message));
  }

  private setState(state: ConnectionState) {
    if (this.state === state) return;
    this.state = state;
    this.options.onStateChange?.(state);
  }

  private clearTimers() {
    if (this.retryTimer) clearTimeout(this.retryTimer);
    if (this.silenceTimer) clearTimeout(this.silenceTimer);
    this.retryTimer = null;
    this.silenceTimer = null;
  }

  private readonly handleOnline = () => {
    if (this.stopped || this.socket) return;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.attempt = 0;
    this.setState('reconnecting');
    this.connect();
  };

  /**
   * The browser went offline: a socket may stay half-open (and "connected") for a long time, so
   * drop it at once; `online` reconnects and resubscribes from the last applied id.
   */
  private readonly handleOffline = () => {
    if (this.stopped) return;
    const socket = this.socket;
    this.socket = null;
    this.clearTimers();
    if (socket) {
      socket.onclose = null;
      socket.close(1000, 'offline');
    }
    this.setState('offline');
  };
}

function isBrowserOffline(): boolean {
  const nav = (globalThis as { navigator?: { onLine?: boolean } }).navigator;
  return nav?.onLine === false;
}
