// The optional local issue cache of spec §4/§9: one database per workspace slug (DB_VERSION 1,
// cleared and re-initialised on any other version), filled per project from `v2/issues/` pages of
// 1000 and evicted through `deleted-issues/`, kept current by live events (also those that arrive
// while the project is still syncing: they are written once the sync's rows are). A project's issues
// are painted from it before the network answers; any error falls back to server queries.
import { create } from 'zustand';
import { http } from '../api/http';
import { reportFailure } from '../stores/toast-store';
import { projectPath } from '../stores/api-paths';
import { markProjectCached, trackCacheRead } from '../stores/issue-list-store';
import { removeIssues, scopeIssues, upsertIssues, type Issue } from '../stores/issue-store';
import { useSessionStore } from '../stores/session-store';
import type { ChangeMessage } from '../../shared/live-protocol';
import { MemoryCacheStorage, type CacheStorage } from './cache-storage';
import { IndexedDbCacheStorage } from './indexeddb-storage';

export const DB_VERSION = 1;
const SYNC_PAGE_SIZE = 1000;
/** Insert batch sizes (spec §9). */
export const BATCH_SIZE = { issueSync: 200, issues: 100, other: 500 } as const;
/**
 * Journal entries (rows written one by one since the last snapshot) at which a finished sync folds
 * them into a new snapshot: a first sync always does, a reload's few changed rows do not.
 */
export const COMPACT_AFTER = 500;
export const LOCAL_DB_ENABLED_KEY = 'LOCAL_DB_ENABLED';

type DatabaseStatus = 'initializing' | 'ready' | 'error';
type ProjectCacheStatus = 'loading' | 'syncing' | 'ready' | 'error';

export const useLocalCacheStore = create<{ slug: string | null; dbStatus: DatabaseStatus | null; projects: Record<string, ProjectCacheStatus> }>(() => ({ slug: null, dbStatus: null, projects: {} }));

let storage: CacheStorage | null = null;
/** Live changes of projects whose sync is running, written after the sync's own rows. */
const liveDuringSync = new Map<string, ChangeMessage[]>();
let opening: Promise<boolean> | null = null;
/** The database name `opening` belongs to. */
let openedName: string | null = null;
let storageFactory: () => CacheStorage = () => (IndexedDbCacheStorage.isAvailable() ? new IndexedDbCacheStorage() : new MemoryCacheStorage());

/** Swaps the storage adapter (tests use MemoryCacheStorage). */
export function setCacheStorageFactory(factory: () => CacheStorage): void {
  storageFactory = factory;
}

/** LOCAL_DB_ENABLED from localStorage; on by default. */
export function isLocalDbEnabled(): boolean {
  try {
    return localStorage.getItem(LOCAL_DB_ENABLED_KEY) !== 'false';
  } catch {
    return false;
  }
}

function writeEnabled(value: boolean): void {
  try {
    localStorage.setItem(LOCAL_DB_ENABLED_KEY, String(value));
  } catch {
    // Without localStorage the cache stays at its default.
  }
}

const setProjectStatus = (projectId: string, status: ProjectCacheStatus) =>
  useLocalCacheStore.setState((state) => ({ projects: { ...state.projects, [projectId]: status } }));

/**
 * One database per signed-in user and workspace: what one person's lists cached (projects or issues a
 * guest may not see) is never read for another person signing in on the same browser.
 */
export function cacheDatabaseName(slug: string): string | null {
  const userId = useSessionStore.getState().user?.id;
  return userId ? `${userId}-${slug}` : null;
}

/** Opens the signed-in user's database of the workspace, clearing it when its stored version is not DB_VERSION. */
export function initCache(slug: string): Promise<boolean> {
  const name = cacheDatabaseName(slug);
  if (useLocalCacheStore.getState().slug === slug && openedName === name && opening) return opening;
  closeCache();
  useLocalCacheStore.setState({ slug, dbStatus: 'initializing', projects: {} });
  openedName = name;
  opening = (async () => {
    try {
      // Nobody signed in: nothing to cache for.
      if (!name) throw new Error('no signed-in user');
      const next = storageFactory();
      await next.open(name);
      if ((await next.getMeta<number>('version')) !== DB_VERSION) {
        await next.clear();
        await next.setMeta('version', DB_VERSION);
      }
      storage = next;
      useLocalCacheStore.setState({ dbStatus: 'ready' });
      return true;
    } catch {
      storage = null;
      useLocalCacheStore.setState({ dbStatus: 'error' });
      return false;
    }
  })();
  return opening;
}

/**
 * A small record kept beside the cached issues, in the same per-user database (a project's names:
 * routes/project-reads.ts). Undefined when absent, unreadable or the cache is off; never throws.
 */
export async function readCacheRecord<T>(slug: string, key: string): Promise<T | undefined> {
  if (!isLocalDbEnabled() || !cacheDatabaseName(slug) || !(await initCache(slug)) || !storage) return undefined;
  return storage.getMeta<T>(`record:${key}`).catch(() => undefined);
}

/** Writes such a record (best effort: a full or closed database just keeps none). */
export async function writeCacheRecord(slug: string, key: string, value: unknown): Promise<void> {
  if (!isLocalDbEnabled() || !cacheDatabaseName(slug) || !(await initCache(slug)) || !storage) return;
  await storage.setMeta(`record:${key}`, value).catch(() => undefined);
}

/** Closes the database and forgets which projects it held (lists go back to the server). */
export function closeCache(): void {
  for (const projectId of Object.keys(useLocalCacheStore.getState().projects)) markProjectCached(projectId, false);
  storage?.close();
  storage = null;
  opening = null;
  openedName = null;
  liveDuringSync.clear();
  useLocalCacheStore.setState({ slug: null, dbStatus: null, projects: {} });
}

async function putInBatches(rows: Issue[], size: number): Promise<void> {
  for (let start = 0; start < rows.length; start += size) await storage!.putIssues(rows.slice(start, start + size));
}

/**
 * Opens the database and puts the project's cached rows into the issue store. `lastSync` is null
 * when the cache cannot be used, undefined when it does not hold the project yet.
 */
async function readProject(slug: string, projectId: string): Promise<{ lastSync: string | null | undefined; painted: boolean }> {
  performance.mark('trellis:cache-open');
  if (!(await initCache(slug)) || !storage) return { lastSync: null, painted: false };
  performance.mark('trellis:cache-opened');
  // An unreadable sync mark means "not cached yet": the caller then loads from the network and rewrites it.
  const lastSync = await storage.getMeta<string>(`sync:${projectId}`).catch(() => undefined);
  if (!lastSync) return { lastSync, painted: false };
  try {
    // One read of the project's snapshot and journal (indexeddb-storage.ts): the board needs every
    // issue before it is complete, and the snapshot reads 10,000 of them in a few records.
    scopeIssues(slug);
    const rows = await storage.getProjectIssues(projectId);
    performance.mark('trellis:cache-all');
    upsertIssues(rows);
    performance.mark('trellis:cache-all-stored');
    markProjectCached(projectId, true);
    return { lastSync, painted: true };
  } catch {
    markProjectCached(projectId, false);
    setProjectStatus(projectId, 'error');
    return { lastSync: null, painted: false };
  }
}

interface SyncPage {
  results: Issue[];
  next_cursor: string | null;
  next_page_results?: boolean;
}

/**
 * Paints a project's cached issues, then syncs it: a full load the first time (status loading),
 * incremental (`updated_at__gt`) after that (status syncing). Returns false when the cache is off
 * or failed, in which case lists query the server.
 */
export async function syncProject(slug: string, projectId: string): Promise<boolean> {
  if (!isLocalDbEnabled()) return false;
  // From now on live changes of the project wait for the sync's rows instead of being dropped.
  if (!liveDuringSync.has(projectId)) liveDuringSync.set(projectId, []);
  // Registered at once, so a list fetched meanwhile waits for these rows instead of the network.
  const read = readProject(slug, projectId);
  trackCacheRead(projectId, read.then((value) => value.painted));
  const { lastSync } = await read;
  if (lastSync === null || !storage) {
    liveDuringSync.delete(projectId);
    return false;
  }
  // (Opening another workspace's database on the way closed the previous one and its queues.)
  if (!liveDuringSync.has(projectId)) liveDuringSync.set(projectId, []);
  /** updated_at of every row this sync wrote: a live change older than it must not overwrite it. */
  const written = new Map<string, string>();
  try {
    setProjectStatus(projectId, lastSync ? 'syncing' : 'loading');
    // Scope the store before the first rows land: a list opened later scopes it too, and scoping a
    // store that still belongs to no workspace empties it, which would drop these rows for good
    // (the list sends no request while the cache holds the project).
    scopeIssues(slug);
    let latest = lastSync ?? '';
    for (let page = 0; ; page++) {
      const query: Record<string, string> = { cursor: `${SYNC_PAGE_SIZE}:${page}:0`, per_page: String(SYNC_PAGE_SIZE) };
      if (lastSync) query.updated_at__gt = lastSync;
      const answer = await http.get<SyncPage>(`${projectPath(slug, projectId)}/v2/issues/`, query);
      const rows = (answer.results ?? []).map((row) => ({ ...row, label_ids: row.label_ids ?? [], assignee_ids: row.assignee_ids ?? [] }));
      await putInBatches(rows, BATCH_SIZE.issueSync);
      upsertIssues(rows);
      for (const row of rows) {
        written.set(row.id, row.updated_at);
        if (row.updated_at > latest) latest = row.updated_at;
      }
      if (!answer.next_cursor || answer.next_page_results === false || rows.length === 0) break;
    }
    if (lastSync) {
      const deleted = await http.get<string[]>(`${projectPath(slug, projectId)}/deleted-issues/`, { updated_at__gt: lastSync });
      if (Array.isArray(deleted) && deleted.length) {
        await storage.deleteIssues(projectId, deleted);
        removeIssues(deleted);
      }
    }
    await storage.setMeta(`sync:${projectId}`, latest || new Date().toISOString());
    await writeLiveDuringSync(projectId, written);
    // The next reload reads the snapshot instead of thousands of single rows. A failure only
    // leaves the journal as it is: every read still merges it.
    await storage.compactProject(projectId, COMPACT_AFTER).catch(() => false);
    // No await from the last (empty) look at the queue to here: later changes find the project ready.
    liveDuringSync.delete(projectId);
    markProjectCached(projectId, true);
    setProjectStatus(projectId, 'ready');
    return true;
  } catch {
    liveDuringSync.delete(projectId);
    markProjectCached(projectId, false);
    setProjectStatus(projectId, 'error');
    return false;
  }
}

/** Writes the live changes queued during a project's sync, in order, until none is left. */
async function writeLiveDuringSync(projectId: string, written: Map<string, string>): Promise<void> {
  for (let queued = liveDuringSync.get(projectId) ?? []; queued.length; queued = liveDuringSync.get(projectId) ?? []) {
    liveDuringSync.set(projectId, []);
    for (const change of queued) {
      const id = change.data.id as string;
      const updatedAt = change.data.updated_at as string | undefined;
      // The sync page was read after this change: its row is the newer one. Deletions always apply.
      if (change.op !== 'delete' && updatedAt && (written.get(id) ?? '') > updatedAt) continue;
      await writeLiveChange(storage!, projectId, change);
    }
  }
}

function writeLiveChange(target: CacheStorage, projectId: string, change: ChangeMessage): Promise<void> {
  const id = change.data.id as string;
  return change.op === 'delete' || change.data.archived_at ? target.deleteIssues(projectId, [id]) : target.putIssues([change.data as unknown as Issue]);
}

/** Writes a live issue change into the cache (when the project is cached, or queued while it syncs). */
export function cacheLiveIssueChange(change: ChangeMessage): void {
  const id = change.data.id as string | undefined;
  const projectId = (change.data.project_id as string | undefined) ?? change.project_id ?? undefined;
  if (!id || !projectId) return;
  const queue = liveDuringSync.get(projectId);
  if (queue) return void queue.push(change);
  if (!storage || useLocalCacheStore.getState().projects[projectId] !== 'ready') return;
  // Best-effort cache write: the store already shows the change, and the next delta sync repairs the cache.
  void writeLiveChange(storage, projectId, change).catch(() => undefined);
}

/**
 * Turns the cache on or off. Turning it on opens the database; turning it off clears it. If that
 * fails the flag goes back to its previous value and the user is told.
 */
export async function setLocalDbEnabled(slug: string, enabled: boolean): Promise<boolean> {
  const previous = isLocalDbEnabled();
  writeEnabled(enabled);
  try {
    if (enabled) {
      if (!(await initCache(slug))) throw new Error('error while toggling local DB');
    } else {
      if (storage) await storage.clear();
      closeCache();
    }
    return true;
  } catch (error) {
    writeEnabled(previous);
    reportFailure('toast.localDbToggleFailed', error);
    return false;
  }
}
