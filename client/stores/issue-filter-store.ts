// Display filters, display properties and filters of each issue list, saved per user: project,
// cycle and module lists through their `…/user-properties/`, other contexts and kanban collapse
// state in localStorage.
// Every change goes through shared/display.ts `applyDisplayFilterRules`.
import { create } from 'zustand';
import { http } from '../api/http';
import { reportFailure } from './toast-store';
import { listKey, type IssueFilters, type ListSource } from './list-model';
import {
  applyDisplayFilterRules,
  DEFAULT_DISPLAY_PROPERTIES,
  defaultDisplayFilters,
  IssueContext,
  LAYOUTS_BY_CONTEXT,
  type DisplayFilters,
  type DisplayProperties,
} from '../../shared/display';
import { projectPath } from './api-paths';
import { useSessionStore } from './session-store';
import { getView, type View, type ViewContent } from './view-store';

interface KanbanFilters {
  /** Collapsed group and sub-group keys (stored locally only, spec §7). */
  group_by: string[];
  sub_group_by: string[];
}

export interface ListSettings {
  displayFilters: DisplayFilters;
  displayProperties: DisplayProperties;
  filters: IssueFilters;
  kanbanFilters: KanbanFilters;
  /** Bumped when the rules ask for a re-fetch or the loaded issues must be cleared. */
  fetchToken: number;
  loaded: boolean;
}

export const useIssueFilterStore = create<{ lists: Record<string, ListSettings> }>(() => ({ lists: {} }));

/** The spec context of a list source. */
export function contextOf(source: ListSource): IssueContext {
  switch (source.kind) {
    case 'project':
      return IssueContext.PROJECT;
    case 'archived':
      return IssueContext.ARCHIVED;
    case 'draft':
      return IssueContext.DRAFT;
    case 'cycle':
      return IssueContext.CYCLE;
    case 'module':
      return IssueContext.MODULE;
    case 'global':
    case 'workspace-view':
      return IssueContext.GLOBAL;
    case 'view':
      return IssueContext.PROJECT_VIEW;
    case 'profile':
      return IssueContext.PROFILE;
  }
}

/** The settings a list starts with. */
export function defaultListSettings(source: ListSource): ListSettings {
  const context = contextOf(source);
  const displayFilters = defaultDisplayFilters(context);
  if (!LAYOUTS_BY_CONTEXT[context].includes(displayFilters.layout)) displayFilters.layout = LAYOUTS_BY_CONTEXT[context][0];
  return { displayFilters, displayProperties: { ...DEFAULT_DISPLAY_PROPERTIES }, filters: {}, kanbanFilters: { group_by: [], sub_group_by: [] }, fetchToken: 0, loaded: false };
}

const storageKey = (slug: string, key: string) => `trellis:list:${slug}:${key}`;
/**
 * The signed-in user's last known server settings of a list the server keeps, kept to start the
 * next visit with (see `loadListSettings`); per user, like the issue cache.
 */
const lastKnownKey = (slug: string, key: string) => {
  const userId = useSessionStore.getState().user?.id;
  return userId ? `trellis:list-known:${userId}:${slug}:${key}` : null;
};

function readLocal<T>(key: string): T | null {
  try {
    const raw = typeof localStorage === 'undefined' ? null : localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}

function writeLocal(key: string, value: unknown): void {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or disabled: the setting lasts for this session only.
  }
}

/** Current settings of a list (defaults until loaded). */
export function getListSettings(source: ListSource): ListSettings {
  return useIssueFilterStore.getState().lists[listKey(source)] ?? defaultListSettings(source);
}

function setList(source: ListSource, next: ListSettings): void {
  useIssueFilterStore.setState((state) => ({ lists: { ...state.lists, [listKey(source)]: next } }));
}

interface UserProperties {
  filters?: IssueFilters | null;
  display_filters?: Partial<DisplayFilters> | null;
  display_properties?: Partial<DisplayProperties> | null;
}

/** Merges saved settings over the defaults, then re-applies the display filter rules. */
function mergeSavedSettings(source: ListSource, saved: UserProperties | null): ListSettings {
  const base = defaultListSettings(source);
  const context = contextOf(source);
  const savedFilters = saved?.display_filters ?? {};
  const { displayFilters } = applyDisplayFilterRules(base.displayFilters, { ...savedFilters, calendar: { ...base.displayFilters.calendar, ...(savedFilters.calendar ?? {}) } }, context);
  if (!LAYOUTS_BY_CONTEXT[context].includes(displayFilters.layout)) displayFilters.layout = LAYOUTS_BY_CONTEXT[context][0];
  const filters = Object.fromEntries(Object.entries(saved?.filters ?? {}).filter(([, value]) => Array.isArray(value) && value.length > 0)) as IssueFilters;
  return { ...base, displayFilters, displayProperties: { ...base.displayProperties, ...(saved?.display_properties ?? {}) }, filters, loaded: true };
}

type ServerKeptSource = Extract<ListSource, { kind: 'project' | 'cycle' | 'module' }>;

/** Lists whose settings the server keeps per user, so they follow the user to another browser. */
const keptOnServer = (source: ListSource): source is ServerKeptSource => source.kind === 'project' || source.kind === 'cycle' || source.kind === 'module';

/** Where a project, cycle or module list keeps the caller's settings (per-cycle and per-module user-properties, reference §1.6.10). */
function userPropertiesPath(slug: string, source: ServerKeptSource): string {
  const project = projectPath(slug, source.projectId);
  if (source.kind === 'cycle') return `${project}/cycles/${source.cycleId}/user-properties/`;
  if (source.kind === 'module') return `${project}/modules/${source.moduleId}/user-properties/`;
  return `${project}/user-properties/`;
}

/** Settings reads on their way, per list: the route starts one and the list's own effect joins it. */
const settingsLoads = new Map<string, Promise<ListSettings>>();

/**
 * Loads a list's saved settings (project, cycle, module: `GET …/user-properties/`; others: localStorage). A call
 * while the same list's read is on its way shares it (one request, not two). Until the answer of
 * a list the server keeps is in, the list shows with the settings it had last time in this
 * browser (still `loaded: false`, so nothing is fetched on them): a board opens as a board, not as
 * the default list first, and its layout's chunk can load alongside the request.
 */
export function loadListSettings(slug: string, source: ListSource): Promise<ListSettings> {
  const key = `${slug}/${listKey(source)}`;
  let loading = settingsLoads.get(key);
  if (!loading) {
    startWithLastKnown(slug, source);
    loading = readListSettings(slug, source).finally(() => settingsLoads.delete(key));
    settingsLoads.set(key, loading);
  }
  return loading;
}

function startWithLastKnown(slug: string, source: ListSource): void {
  if (!keptOnServer(source)) return;
  if (useIssueFilterStore.getState().lists[listKey(source)]) return;
  const known = lastKnownKey(slug, listKey(source));
  const saved = known ? readLocal<UserProperties>(known) : null;
  if (!saved) return;
  const settings = mergeSavedSettings(source, saved);
  settings.kanbanFilters = readLocal<KanbanFilters>(storageKey(slug, `${listKey(source)}:kanban`)) ?? settings.kanbanFilters;
  setList(source, { ...settings, loaded: false });
}

/** Keeps the sub-objects of `previous` that did not change, so memos over them hold. */
function sameWhereEqual(previous: ListSettings | undefined, next: ListSettings): ListSettings {
  if (!previous) return next;
  const same = <T,>(a: T, b: T) => (JSON.stringify(a) === JSON.stringify(b) ? a : b);
  return { ...next, displayFilters: same(previous.displayFilters, next.displayFilters), displayProperties: same(previous.displayProperties, next.displayProperties), filters: same(previous.filters, next.filters), kanbanFilters: same(previous.kanbanFilters, next.kanbanFilters) };
}

async function readListSettings(slug: string, source: ListSource): Promise<ListSettings> {
  const key = listKey(source);
  const before = useIssueFilterStore.getState().lists[key];
  let saved: UserProperties | null = null;
  if (keptOnServer(source)) {
    saved = await http.get<UserProperties>(userPropertiesPath(slug, source)).then(
      (answer) => {
        const known = lastKnownKey(slug, key);
        if (known) writeLocal(known, answer);
        return answer;
      },
      () => readLocal<UserProperties>(storageKey(slug, key)),
    );
  } else if (isViewSource(source)) {
    // A saved view's list starts from what the view saved (its screen loads the view first).
    const view = getView(source.viewId);
    saved = view ? savedOf(view) : null;
  } else {
    saved = readLocal<UserProperties>(storageKey(slug, key));
  }
  const next = mergeSavedSettings(source, saved);
  next.kanbanFilters = readLocal<KanbanFilters>(storageKey(slug, `${key}:kanban`)) ?? next.kanbanFilters;
  const current = useIssueFilterStore.getState().lists[key];
  // The user changed something while the saved settings were on their way: theirs wins.
  if (current && current !== before) {
    const kept = { ...current, loaded: true };
    setList(source, kept);
    return kept;
  }
  next.fetchToken = current?.fetchToken ?? 0;
  const settled = sameWhereEqual(current, next);
  setList(source, settled);
  return settled;
}

async function persist(slug: string, source: ListSource, settings: ListSettings): Promise<void> {
  // A saved view's edits stay unsaved until "Save view" (or are dropped by reopening it).
  if (isViewSource(source)) return;
  const body = { display_filters: settings.displayFilters, display_properties: settings.displayProperties, filters: settings.filters };
  writeLocal(storageKey(slug, listKey(source)), body);
  if (!keptOnServer(source)) return;
  const known = lastKnownKey(slug, listKey(source));
  if (known) writeLocal(known, body);
  try {
    await http.patch(userPropertiesPath(slug, source), body);
  } catch (error) {
    reportFailure('toast.displaySaveFailed', error);
  }
}

/** Changes display filters through the spec rules; re-fetches or clears when they say so. */
export function updateDisplayFilters(slug: string, source: ListSource, patch: Partial<DisplayFilters>): ListSettings {
  const current = getListSettings(source);
  const update = applyDisplayFilterRules(current.displayFilters, patch, contextOf(source));
  const next: ListSettings = {
    ...current,
    displayFilters: update.displayFilters,
    fetchToken: update.clearIssues || update.refetch || patch.group_by !== undefined || patch.sub_group_by !== undefined ? current.fetchToken + 1 : current.fetchToken,
  };
  setList(source, next);
  void persist(slug, source, next);
  return next;
}

/** Shows or hides display properties (spreadsheet columns, card fields). */
export function updateDisplayProperties(slug: string, source: ListSource, patch: Partial<DisplayProperties>): void {
  const current = getListSettings(source);
  const next = { ...current, displayProperties: { ...current.displayProperties, ...patch } };
  setList(source, next);
  void persist(slug, source, next);
}

/** Replaces one filter key's values (an empty list removes the filter); re-fetches. */
export function updateFilters(slug: string, source: ListSource, patch: IssueFilters): void {
  const current = getListSettings(source);
  const filters = { ...current.filters, ...patch };
  for (const [key, value] of Object.entries(filters)) if (!value || value.length === 0) delete filters[key as keyof IssueFilters];
  const next = { ...current, filters, fetchToken: current.fetchToken + 1 };
  setList(source, next);
  void persist(slug, source, next);
}

/** Collapses or expands a kanban group (stored locally only). */
export function toggleKanbanGroup(slug: string, source: ListSource, which: keyof KanbanFilters, groupKey: string): void {
  const current = getListSettings(source);
  const list = current.kanbanFilters[which];
  const kanbanFilters = { ...current.kanbanFilters, [which]: list.includes(groupKey) ? list.filter((key) => key !== groupKey) : [...list, groupKey] };
  setList(source, { ...current, kanbanFilters });
  writeLocal(storageKey(slug, `${listKey(source)}:kanban`), kanbanFilters);
}

/** A list's settings as a hook. */
export function useListSettings(source: ListSource): ListSettings {
  const key = listKey(source);
  const settings = useIssueFilterStore((state) => state.lists[key]);
  return settings ?? defaultListSettingsCached(source);
}

const defaultsCache = new Map<string, ListSettings>();
function defaultListSettingsCached(source: ListSource): ListSettings {
  const key = listKey(source);
  let value = defaultsCache.get(key);
  if (!value) defaultsCache.set(key, (value = defaultListSettings(source)));
  return value;
}

type ViewSource = Extract<ListSource, { kind: 'view' | 'workspace-view' }>;

/** True for the list of a saved view (project or global). */
export function isViewSource(source: ListSource): source is ViewSource {
  return source.kind === 'view' || source.kind === 'workspace-view';
}

function savedOf(view: Pick<View, 'filters' | 'display_filters' | 'display_properties'>): UserProperties {
  return {
    filters: (view.filters ?? {}) as IssueFilters,
    display_filters: (view.display_filters ?? {}) as Partial<DisplayFilters>,
    display_properties: (view.display_properties ?? {}) as Partial<DisplayProperties>,
  };
}

/**
 * Shows a saved view's list as the view saved it, dropping unsaved edits, and fetches again
 * (spec §4: changing a view's filters refreshes its issues — also when someone else saved them).
 */
export function resetListToView(source: ViewSource, view: Pick<View, 'filters' | 'display_filters' | 'display_properties'>): void {
  const current = useIssueFilterStore.getState().lists[listKey(source)];
  const next = mergeSavedSettings(source, savedOf(view));
  next.kanbanFilters = current?.kanbanFilters ?? next.kanbanFilters;
  next.fetchToken = (current?.fetchToken ?? 0) + 1;
  setList(source, next);
}

/** What "save as view" stores from a list's current settings (empty filters left out). */
export function viewContentOf(settings: Pick<ListSettings, 'filters' | 'displayFilters' | 'displayProperties'>): ViewContent {
  const filters = Object.fromEntries(Object.entries(settings.filters).filter(([, values]) => Array.isArray(values) && values.length > 0)) as Record<string, string[]>;
  return { filters, display_filters: { ...settings.displayFilters }, display_properties: { ...settings.displayProperties } };
}

/** True when a view's list shows other filters or display settings than the view saved. */
export function differsFromView(settings: ListSettings, view: Pick<View, 'filters' | 'display_filters' | 'display_properties'>, source: ViewSource): boolean {
  const saved = mergeSavedSettings(source, savedOf(view));
  const canonical = (value: unknown) => JSON.stringify(value, (_key, inner: unknown) => (inner && typeof inner === 'object' && !Array.isArray(inner) ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => (a < b ? -1 : 1))) : inner));
  const sortedFilters = (filters: IssueFilters) => Object.fromEntries(Object.entries(filters).map(([key, values]) => [key, [...(values ?? [])].sort()]));
  return (
    canonical(sortedFilters(settings.filters)) !== canonical(sortedFilters(saved.filters)) ||
    canonical(settings.displayFilters) !== canonical(saved.displayFilters) ||
    canonical(settings.displayProperties) !== canonical(saved.displayProperties)
  );
}
