// Display filters, display properties and filters of each issue list, saved per user: project
// lists through `…/user-properties/`, other contexts and kanban collapse state in localStorage.
// Every change goes through shared/display.ts `applyDisplayFilterRules`.
import { create } from 'zustand';
import { http } from '../api/http';
import { reportFailure } from '../components/app-shell/toast-store';
import { listKey, type IssueFilters, type ListSource } from '../components/issues/list-model';
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

export interface KanbanFilters {
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
      return IssueContext.GLOBAL;
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
export function mergeSavedSettings(source: ListSource, saved: UserProperties | null): ListSettings {
  const base = defaultListSettings(source);
  const context = contextOf(source);
  const savedFilters = saved?.display_filters ?? {};
  const { displayFilters } = applyDisplayFilterRules(base.displayFilters, { ...savedFilters, calendar: { ...base.displayFilters.calendar, ...(savedFilters.calendar ?? {}) } }, context);
  if (!LAYOUTS_BY_CONTEXT[context].includes(displayFilters.layout)) displayFilters.layout = LAYOUTS_BY_CONTEXT[context][0];
  const filters = Object.fromEntries(Object.entries(saved?.filters ?? {}).filter(([, value]) => Array.isArray(value) && value.length > 0)) as IssueFilters;
  return { ...base, displayFilters, displayProperties: { ...base.displayProperties, ...(saved?.display_properties ?? {}) }, filters, loaded: true };
}

/** Where a project or cycle list keeps the caller's settings (per-cycle user-properties, reference §1.6.10). */
function userPropertiesPath(slug: string, source: Extract<ListSource, { kind: 'project' | 'cycle' }>): string {
  return source.kind === 'cycle'
    ? `${projectPath(slug, source.projectId)}/cycles/${source.cycleId}/user-properties/`
    : `${projectPath(slug, source.projectId)}/user-properties/`;
}

/** Loads a list's saved settings (project: `GET …/user-properties/`; others: localStorage). */
export async function loadListSettings(slug: string, source: ListSource): Promise<ListSettings> {
  const key = listKey(source);
  const before = useIssueFilterStore.getState().lists[key];
  let saved: UserProperties | null = null;
  if (source.kind === 'project' || source.kind === 'cycle') {
    saved = await http.get<UserProperties>(userPropertiesPath(slug, source)).catch(() => readLocal<UserProperties>(storageKey(slug, key)));
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
  setList(source, next);
  return next;
}

async function persist(slug: string, source: ListSource, settings: ListSettings): Promise<void> {
  const body = { display_filters: settings.displayFilters, display_properties: settings.displayProperties, filters: settings.filters };
  writeLocal(storageKey(slug, listKey(source)), body);
  if (source.kind !== 'project' && source.kind !== 'cycle') return;
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
