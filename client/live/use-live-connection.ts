// The zustand binding of the live stream: one LiveSocket for the current workspace, its connection
// state for the UI (connected | reconnecting | offline), and the routing of change events to the
// entity stores that registered for them. Only this module and live-socket.ts call applyChange.
import { create } from 'zustand';
import type { ChangeMessage, LiveEntity } from '../../shared/live-protocol';
import { LiveSocket, type ConnectionState, type LiveSocketOptions } from './live-socket';

interface LiveConnectionState {
  state: ConnectionState;
  workspace: string | null;
  /** Last change id applied (or skipped as invisible) for the workspace. */
  lastId: number;
  /** The server speaks a newer protocol than this page: it must reload (the shell offers it). */
  outdated: boolean;
}

/** The connection state store; components read it with `useLiveConnection((s) => s.state)`. */
export const useLiveConnection = create<LiveConnectionState>(() => ({ state: 'offline', workspace: null, lastId: 0, outdated: false }));

/** What a store needs to take live changes. */
interface LiveTarget {
  applyChange(change: ChangeMessage): void;
}

const targets = new Map<LiveEntity, Set<LiveTarget>>();
let socket: LiveSocket | null = null;

/** Routes live changes of `entity` to `target`; returns a function that unregisters it. */
export function registerLiveEntity(entity: LiveEntity, target: LiveTarget): () => void {
  let set = targets.get(entity);
  if (!set) targets.set(entity, (set = new Set()));
  set.add(target);
  return () => set.delete(target);
}

/** Hands one change to every store registered for its entity. */
export function dispatchChange(change: ChangeMessage): void {
  for (const target of targets.get(change.entity) ?? []) target.applyChange(change);
}

/** The /live URL of the current origin. */
export function liveUrl(location: { protocol: string; host: string } = globalThis.location): string {
  return `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}/live/`;
}

export interface ConnectOptions extends Partial<Pick<LiveSocketOptions, 'url' | 'createSocket' | 'baseDelayMs' | 'maxDelayMs' | 'silenceTimeoutMs'>> {
  /** Where the stores' data starts: the oldest `X-Sync-Cursor` of what they hold (0 replays everything retained). */
  since: number;
  /** Reload the stores after a `reset`; resolve with their new `X-Sync-Cursor` (answers through api/http.ts report theirs themselves). */
  reload?(): Promise<number | void>;
}

/** Opens (or switches) the live connection to a workspace. */
export function connectLive(workspace: string, options: ConnectOptions): LiveSocket {
  disconnectLive();
  const live = new LiveSocket({
    url: options.url ?? liveUrl(),
    workspace,
    since: options.since,
    createSocket: options.createSocket,
    baseDelayMs: options.baseDelayMs,
    maxDelayMs: options.maxDelayMs,
    silenceTimeoutMs: options.silenceTimeoutMs,
    onChange(change) {
      dispatchChange(change);
      useLiveConnection.setState({ lastId: change.id });
    },
    onReady(head) {
      useLiveConnection.setState({ lastId: Math.max(useLiveConnection.getState().lastId, head) });
    },
    onReset: () => options.reload?.(),
    onStateChange(state) {
      useLiveConnection.setState({ state });
    },
    onVersionMismatch() {
      useLiveConnection.setState({ outdated: true });
    },
  });
  socket = live;
  useLiveConnection.setState({ workspace, lastId: options.since, state: 'reconnecting' });
  live.start();
  return live;
}

/**
 * Data of `workspace` with snapshot `cursor` reached a store: an open connection to that workspace
 * replays from it when it is older than what was applied. False when no connection is open for it.
 */
export function rewindLive(workspace: string, cursor: number): boolean {
  if (!socket || socket.workspace !== workspace) return false;
  socket.rewind(cursor);
  return true;
}

/** Closes the live connection (sign-out, leaving the workspace). */
export function disconnectLive(): void {
  socket?.stop();
  socket = null;
  useLiveConnection.setState({ state: 'offline', workspace: null });
}
