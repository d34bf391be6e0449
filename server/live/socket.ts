// One /live WebSocket (API.md "Live stream"): subscribe → replay of every visible change after
// `since` → `ready` → live changes, `ping {cursor}` heartbeats, `reset` when `since` is older than
// the retained log (or newer than the log itself), `version_mismatch` when the client subscribes
// with another PROTOCOL_VERSION. Back-pressure: a socket whose unsent bytes
// pass the bound is closed with 4008 and the client reconnects with its last id, so one slow
// reader never holds the others back.
// Membership (DESIGN "Fan-out"): a change to the user's own project access is applied in memory,
// then the socket holds its later events until its visibility is reloaded from the database, so
// no later event is judged on a half-known state; a gain of access is followed by `reset`.
import type { WebSocket } from 'ws';
import { and, eq, isNull } from 'drizzle-orm';
import { workspaces } from '../../db/schema/index';
import { LiveCloseCode, parseClientMessage, PROTOCOL_VERSION, type SubscribeMessage } from '../../shared/live-protocol';
import { ChangeFrames, type Subscriber } from './hub';
import { AccessLevel, loadVisibility, type Visibility } from './permissions';
import { readChanges, type Change } from './record-change';
import { isAheadOfLog, isBeyondRetention } from './retention';
import type { SocketCredential } from './credentials';
import type { LiveEngine } from './engine';

const REPLAY_PAGE = 1000;
const MAX_CLIENT_FRAME = 4096;
const OPEN = 1;

/** Who the socket acts for; an API key only opens its own workspace. */
export interface SocketAuth {
  userId: string;
  tokenWorkspaceId: string | null;
  /** The session or key the socket was opened with: it closes when that ends (credentials.ts). */
  credential: SocketCredential;
}

class Subscription implements Subscriber {
  /** Every change up to this id has been processed (sent or filtered) for this socket. */
  cursor: number;
  live = false;
  buffer: ChangeFrames[] = [];
  /** Set while the visibility is being reloaded: events (and `ready`) wait here, in order. */
  held: Array<ChangeFrames | (() => void)> | null = null;

  constructor(
    private readonly connection: LiveConnection,
    readonly workspaceId: string,
    readonly workspaceSlug: string,
    public visibility: Visibility,
    readonly since: number,
  ) {
    this.cursor = since;
  }

  receive(frames: ChangeFrames): void {
    if (this.live) this.connection.deliver(this, frames);
    else this.buffer.push(frames);
  }
}

/** Serves one accepted WebSocket until it closes. */
export class LiveConnection {
  private subscription: Subscription | null = null;
  private subscribeSeq = 0;
  /** Heartbeats sent since the client was last heard from (any frame or a protocol pong). */
  private unanswered = 0;
  private readonly heartbeat: NodeJS.Timeout;
  private closed = false;

  constructor(
    private readonly ws: WebSocket,
    private readonly engine: LiveEngine,
    readonly auth: SocketAuth,
  ) {
    ws.on('message', (data, isBinary) => this.handleFrame(data as Buffer, isBinary));
    // Every WebSocket client answers a protocol ping by itself; one that never sends a JSON pong
    // (API.md makes it optional) is still alive, and a half-open connection still times out.
    ws.on('pong', () => (this.unanswered = 0));
    ws.on('close', () => this.dispose());
    ws.on('error', () => this.dispose());
    this.heartbeat = setInterval(() => this.beat(), engine.pingIntervalMs);
    this.heartbeat.unref();
    engine.connections.add(this);
  }

  /** Sends one change if this socket may see it, and updates the socket's visibility from it. */
  deliver(subscription: Subscription, frames: ChangeFrames): void {
    if (this.closed) return;
    if (subscription.held) {
      subscription.held.push(frames);
      return;
    }
    const change = frames.change;
    if (change.id <= subscription.cursor) return;
    subscription.cursor = change.id;
    const visibility = subscription.visibility;
    const verdict = visibility.decide(change);
    if (verdict === 'revoke') return this.close(LiveCloseCode.FORBIDDEN, 'access revoked');
    const before = visibility.affectsAccess(change) ? visibility.accessLevels() : null;
    visibility.apply(change);
    if (verdict === 'send') this.send(frames.bytes());
    else if (verdict === 'send-as-delete') this.send(frames.bytes(true));
    if (before) this.reloadVisibility(subscription, change, before);
  }

  /** Runs `action` after every event held so far (at once when nothing is held). */
  private afterHeld(subscription: Subscription, action: () => void) {
    if (subscription.held) subscription.held.push(action);
    else action();
  }

  close(code: number, reason: string): void {
    if (this.closed) return;
    this.dispose();
    this.ws.close(code, reason);
  }

  private handleFrame(data: Buffer, isBinary: boolean) {
    this.unanswered = 0;
    if (isBinary || data.length > MAX_CLIENT_FRAME) return this.close(LiveCloseCode.BAD_MESSAGE, 'bad message');
    const message = parseClientMessage(data.toString('utf8'));
    if (!message) return this.close(LiveCloseCode.BAD_MESSAGE, 'bad message');
    if (message.type === 'ping') return this.send(JSON.stringify({ type: 'pong' }));
    if (message.type === 'subscribe') {
      // A page built for another protocol: it is told to reload rather than fed frames it misreads.
      if (message.protocol_version !== undefined && message.protocol_version !== PROTOCOL_VERSION) {
        this.send(JSON.stringify({ type: 'version_mismatch', protocol_version: PROTOCOL_VERSION }));
        return this.close(LiveCloseCode.OUTDATED_CLIENT, 'protocol version mismatch');
      }
      this.subscribe(message).catch((error) => {
        this.engine.onError(error);
        this.close(LiveCloseCode.GOING_AWAY, 'subscribe failed');
      });
    }
  }

  private async subscribe(message: SubscribeMessage) {
    const seq = ++this.subscribeSeq;
    this.leave();
    const { db } = this.engine;
    const [workspace] = await db
      .select({ id: workspaces.id, slug: workspaces.slug })
      .from(workspaces)
      .where(and(eq(workspaces.slug, message.workspace), isNull(workspaces.deletedAt)));
    const tokenMismatch = workspace && this.auth.tokenWorkspaceId && this.auth.tokenWorkspaceId !== workspace.id;
    const visibility = workspace && !tokenMismatch ? await loadVisibility(db, this.auth.userId, workspace.id) : null;
    if (!workspace || !visibility) return this.close(LiveCloseCode.FORBIDDEN, 'not a member of this workspace');
    if (await isBeyondRetention(db, workspace.id, message.since)) {
      if (seq === this.subscribeSeq) this.send(JSON.stringify({ type: 'reset', reason: 'retention' }));
      return;
    }
    if (seq !== this.subscribeSeq || this.closed) return;
    const subscription = new Subscription(this, workspace.id, workspace.slug, visibility, message.since);
    this.subscription = subscription;
    this.engine.hub.add(subscription);
    await this.engine.reader.track(workspace.id);
    if (this.subscription !== subscription) return;
    // Changes up to `head` come from the replay below; later ones were (or will be) buffered.
    const head = this.engine.reader.head(workspace.id) ?? message.since;
    // Past this instance's head is normal while its reader lags the database; past the log's is not.
    if (message.since > head && (await isAheadOfLog(db, workspace.id, message.since))) {
      if (this.subscription !== subscription) return;
      this.leave();
      return this.send(JSON.stringify({ type: 'reset', reason: 'unknown-since' }));
    }
    subscription.buffer = subscription.buffer.filter((frames) => frames.change.id > head);
    await this.replay(subscription, head);
    if (this.subscription !== subscription) return;
    subscription.live = true;
    for (const frames of subscription.buffer) this.deliver(subscription, frames);
    subscription.buffer = [];
    this.afterHeld(subscription, () => {
      subscription.cursor = Math.max(subscription.cursor, head);
      this.send(JSON.stringify({ type: 'ready', workspace: workspace.slug, head: subscription.cursor }));
    });
  }

  private async replay(subscription: Subscription, head: number) {
    let after = subscription.cursor;
    while (after < head) {
      const rows = await readChanges(this.engine.db, subscription.workspaceId, after, REPLAY_PAGE, head);
      if (this.subscription !== subscription) return;
      for (const row of rows) this.deliver(subscription, new ChangeFrames(row, subscription.workspaceSlug));
      if (rows.length < REPLAY_PAGE) return;
      after = rows[rows.length - 1].id;
      await this.waitForDrain();
    }
  }

  /** A large replay waits for the socket to drain between pages instead of tripping the bound. */
  private async waitForDrain() {
    const bound = this.engine.maxBufferedBytes / 2;
    for (let waited = 0; this.ws.bufferedAmount > bound && !this.closed && waited < 10_000; waited += 10) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  /**
   * After a change to this user's access to a project, reloads the visibility from the database
   * (role, the project's guest setting, a guest's own issues — what the event did not carry) before
   * any later event of this socket is judged. Removals were already applied in memory, so they
   * take effect at once. When the user now sees more of the project than before, the client is
   * sent `reset`: it lacks that project's earlier data and reloads (API.md "Live stream").
   */
  private reloadVisibility(subscription: Subscription, change: Change, before: Map<string, AccessLevel>) {
    subscription.held = [];
    // Replayed from `since` > 0, the state loaded at subscribe already has the project, so a
    // membership create counts as a gain; from 0 the replay itself is the project's whole history.
    const created = change.entity === 'member' && change.op === 'create' && change.projectId && subscription.since > 0 ? change.projectId : null;
    const finish = (visibility: Visibility) => {
      if (this.subscription !== subscription || this.closed) return;
      subscription.visibility = visibility;
      const after = visibility.accessLevels();
      const gained = [...after].some(([projectId, level]) => level > (before.get(projectId) ?? AccessLevel.NONE) || projectId === created);
      if (gained) this.send(JSON.stringify({ type: 'reset', reason: 'membership' }));
      const held = subscription.held ?? [];
      subscription.held = null;
      for (const item of held) {
        if (typeof item === 'function') this.afterHeld(subscription, item);
        else this.deliver(subscription, item);
      }
    };
    loadVisibility(this.engine.db, this.auth.userId, subscription.workspaceId)
      .then((fresh) => (fresh ? finish(fresh) : this.close(LiveCloseCode.FORBIDDEN, 'access revoked')))
      .catch((error) => {
        this.engine.onError(error);
        finish(subscription.visibility);
      });
  }

  /** Sends a text frame: a string, or the UTF-8 bytes of one (still a text frame, never binary). */
  private send(text: string | Buffer) {
    if (this.closed || this.ws.readyState !== OPEN) return;
    if (this.ws.bufferedAmount > this.engine.maxBufferedBytes) {
      return this.close(LiveCloseCode.SLOW_CONSUMER, 'slow consumer');
    }
    this.ws.send(text, { binary: false });
  }

  private beat() {
    // Counted in beats, not read off the clock: after a stall of this process (GC, a burst of work)
    // the beat's timer can run before the pong that arrived meanwhile is read, and a healthy client
    // would look silent. Three beats in a row with nothing heard in between is a dead connection.
    if (this.unanswered >= 2) return this.close(LiveCloseCode.IDLE_TIMEOUT, 'idle timeout');
    this.unanswered += 1;
    if (this.ws.readyState === OPEN) this.ws.ping();
    const subscription = this.subscription;
    const cursor = subscription?.live ? subscription.cursor : undefined;
    this.send(JSON.stringify(cursor === undefined ? { type: 'ping' } : { type: 'ping', cursor }));
  }

  private leave() {
    if (this.subscription) this.engine.hub.remove(this.subscription);
    this.subscription = null;
  }

  private dispose() {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.heartbeat);
    this.leave();
    this.engine.connections.delete(this);
  }
}
