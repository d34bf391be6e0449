// The per-instance registry of live subscribers and the fan-out of change rows to them. The reader
// hands every new change of a workspace to `dispatch` once; each change is serialised once (not
// once per socket) and each subscriber filters it in memory with its own visibility state.
import type { ChangeMessage, LiveEntity } from '../../shared/live-protocol';
import type { Change } from './record-change';

/**
 * Encoded frames of one change, built lazily and shared by every socket that receives it: the JSON
 * text is made once, and so are its UTF-8 bytes (a string handed to each socket would be encoded
 * again for each of them).
 */
export class ChangeFrames {
  private full: Buffer | null = null;
  private deletion: Buffer | null = null;

  constructor(
    readonly change: Change,
    readonly workspaceSlug: string,
  ) {}

  /** The change as API.md's `change` message. */
  message(asDelete = false): ChangeMessage {
    const { change } = this;
    return {
      type: 'change',
      id: change.id,
      // Rows are written only by recordChange, whose type admits declared entities alone.
      entity: change.entity as LiveEntity,
      op: asDelete ? 'delete' : (change.op as ChangeMessage['op']),
      workspace: this.workspaceSlug,
      project_id: change.projectId,
      version: change.version,
      data: asDelete ? { id: change.entityId } : ((change.data ?? { id: change.entityId }) as Record<string, unknown>),
      client_mutation_id: change.clientMutationId,
    };
  }

  /** The UTF-8 bytes of the JSON text frame; `asDelete` for a reader who just lost sight of the entity. */
  bytes(asDelete = false): Buffer {
    if (asDelete) return (this.deletion ??= Buffer.from(JSON.stringify(this.message(true))));
    return (this.full ??= Buffer.from(JSON.stringify(this.message(false))));
  }
}

/** A socket's subscription to one workspace, as the hub sees it. */
export interface Subscriber {
  readonly workspaceId: string;
  readonly workspaceSlug: string;
  /** Called for every new change of the workspace, in id order. */
  receive(frames: ChangeFrames): void;
}

/** Subscribers per workspace on this instance. */
export class Hub {
  private readonly byWorkspace = new Map<string, Set<Subscriber>>();
  /** Called when a workspace loses its last subscriber on this instance. */
  onWorkspaceEmpty: (workspaceId: string) => void = () => {};
  delivered = 0;

  add(subscriber: Subscriber): void {
    let set = this.byWorkspace.get(subscriber.workspaceId);
    if (!set) this.byWorkspace.set(subscriber.workspaceId, (set = new Set()));
    set.add(subscriber);
  }

  remove(subscriber: Subscriber): void {
    const set = this.byWorkspace.get(subscriber.workspaceId);
    if (!set || !set.delete(subscriber)) return;
    if (set.size === 0) {
      this.byWorkspace.delete(subscriber.workspaceId);
      this.onWorkspaceEmpty(subscriber.workspaceId);
    }
  }

  has(workspaceId: string): boolean {
    return this.byWorkspace.has(workspaceId);
  }

  workspaces(): string[] {
    return [...this.byWorkspace.keys()];
  }

  /** Number of subscribers (all workspaces). */
  size(): number {
    let total = 0;
    for (const set of this.byWorkspace.values()) total += set.size;
    return total;
  }

  /** Hands new changes of a workspace (ascending ids) to each of its subscribers. */
  dispatch(workspaceId: string, rows: Change[]): void {
    const set = this.byWorkspace.get(workspaceId);
    if (!set) return;
    for (const row of rows) {
      let frames: ChangeFrames | null = null;
      // Deleting from a Set while iterating it is safe: a subscriber may leave (revoked, slow consumer).
      for (const subscriber of set) {
        frames ??= new ChangeFrames(row, subscriber.workspaceSlug);
        subscriber.receive(frames);
      }
      this.delivered += 1;
    }
  }
}
