// Modules of the workspace's projects (reference §3, spec §4 Modules): load a project's live or
// archived modules and one module's detail, create, update (status, members, dates — optimistic),
// archive/restore, favorite, delete, and module links. Live `module` events keep every list current.
import { useMemo } from 'react';
import type { Module as WireModule, ModuleDetail, ModuleLink, StoreRow } from '../api/types';
import { http } from '../api/http';
import { reportFailure } from './toast-store';
import type { ChangeMessage } from '../../shared/live-protocol';
import { createEntityStore, createMutationId } from './create-entity-store';
import { projectPath } from './api-paths';
import { loadOnce } from './project-scoped';
import type { SetDelta } from '../../shared/set-delta';

export type Module = StoreRow<WireModule, 'id' | 'name' | 'project_id' | 'status'> & { link_module?: ModuleLink[] };

/** Module sort options (spec §9), with the default name. */
export const MODULE_SORTS = ['name', '-name', 'progress', '-progress', 'issues_length', '-issues_length', 'target_date', '-target_date', 'created_at', '-created_at', 'sort_order', '-sort_order'] as const;
export type ModuleSort = (typeof MODULE_SORTS)[number];

const modules = createEntityStore<Module>({
  mergeRows: true,
  // Change events carry no per-user favorite flag: keep the one the store knows.
  fromChange: (data, current) => ({ ...(data as unknown as Module), is_favorite: current?.is_favorite ?? false, link_module: current?.link_module }),
});
export const useModuleStore = modules.useStore;

const base = (slug: string, projectId: string) => projectPath(slug, projectId);

function keepOthers(slug: string, projectId: string, rows: Module[], archived: boolean) {
  const state = modules.useStore.getState();
  const kept = state.scope === slug ? [...state.confirmed.values()].filter((row) => row.project_id !== projectId || Boolean(row.archived_at) !== archived) : [];
  modules.setAll(slug, [...kept, ...rows]);
}

/** `GET …/modules/` (or `archived-modules/`). @throws ApiError */
export async function fetchModules(slug: string, projectId: string, archived = false): Promise<Module[]> {
  const rows = await http.get<Module[]>(`${base(slug, projectId)}/${archived ? 'archived-modules' : 'modules'}/`);
  keepOthers(slug, projectId, rows, archived);
  return rows;
}

const moduleLoader = loadOnce((slug, projectId) => fetchModules(slug, projectId), (projectId) => modules.getRows().some((row) => row.project_id === projectId && !row.archived_at));
/** Loads a project's live modules once while a component shows them (the module chip on a row of a list that did not load them). */
export const useEnsureModules = moduleLoader.useEnsure;

/** `GET …/modules/{id}/` (archived ones from `archived-modules/{id}/`). @throws ApiError */
export async function fetchModule(slug: string, projectId: string, moduleId: string): Promise<ModuleDetail> {
  let row: ModuleDetail;
  try {
    row = await http.get<ModuleDetail>(`${base(slug, projectId)}/modules/${moduleId}/`);
  } catch (error) {
    row = await http.get<ModuleDetail>(`${base(slug, projectId)}/archived-modules/${moduleId}/`).catch(() => {
      throw error;
    });
  }
  if (modules.useStore.getState().scope !== slug) modules.setAll(slug, []);
  modules.upsert(row);
  return row;
}

/**
 * Adds or removes module members by intent (`member_ids_add` / `member_ids_remove`), shown at once:
 * a teammate's simultaneous change to the set stays. @throws ApiError (then it is put back).
 */
export async function changeModuleMembers(slug: string, module: Module, delta: SetDelta): Promise<void> {
  const mutationId = createMutationId();
  await modules.mutate({ mutationId, kind: 'update', id: module.id, patch: {}, sets: { member_ids: delta } }, async () => {
    const body = { ...(delta.add.length ? { member_ids_add: delta.add } : {}), ...(delta.remove.length ? { member_ids_remove: delta.remove } : {}) };
    const answer = await http.patch<Module>(`${base(slug, module.project_id)}/modules/${module.id}/`, body, { mutationId });
    return { ...module, ...answer };
  });
}

/**
 * `POST …/modules/{id}/issues/ {issues}`: puts existing issues in the module. The issues' and the
 * module's own live events bring the list and the counts along. @throws ApiError
 */
export async function addIssuesToModule(slug: string, module: Module, issueIds: string[]): Promise<void> {
  if (issueIds.length === 0) return;
  await http.post(`${base(slug, module.project_id)}/modules/${module.id}/issues/`, { issues: issueIds }, { mutationId: createMutationId() });
}

/** `POST …/modules/`. @throws ApiError */
export async function createModule(slug: string, projectId: string, input: { name: string; status?: string; start_date?: string | null; target_date?: string | null }): Promise<Module> {
  const row = await http.post<Module>(`${base(slug, projectId)}/modules/`, input, { mutationId: createMutationId() });
  modules.upsert(row);
  return row;
}

/** `PATCH …/modules/{id}/`, optimistic with rollback. @throws ApiError */
export async function updateModule(slug: string, module: Module, patch: Partial<WireModule>): Promise<void> {
  const mutationId = createMutationId();
  try {
    await modules.mutate({ mutationId, kind: 'update', id: module.id, patch }, async () => {
      const answer = await http.patch<Module>(`${base(slug, module.project_id)}/modules/${module.id}/`, patch, { mutationId });
      return { ...module, ...answer };
    });
  } catch (error) {
    reportFailure('modules.updateFailed', error, { name: module.name });
    throw error;
  }
}

/** Favorite on or off, optimistic with rollback. */
export async function toggleModuleFavorite(slug: string, module: Module): Promise<void> {
  const mutationId = createMutationId();
  const on = !module.is_favorite;
  try {
    await modules.mutate({ mutationId, kind: 'update', id: module.id, patch: { is_favorite: on } }, async () => {
      if (on) await http.post(`${base(slug, module.project_id)}/user-favorite-modules/`, { module: module.id }, { mutationId });
      else await http.delete(`${base(slug, module.project_id)}/user-favorite-modules/${module.id}/`, { mutationId });
      return { ...module, is_favorite: on };
    });
  } catch (error) {
    reportFailure('modules.updateFailed', error, { name: module.name });
  }
}

/** Archive (completed or cancelled only) or restore. @throws ApiError */
export async function setModuleArchived(slug: string, module: Module, archived: boolean): Promise<void> {
  const path = `${base(slug, module.project_id)}/modules/${module.id}/archive/`;
  try {
    if (archived) {
      const answer = await http.post<{ archived_at: string }>(path, undefined, { mutationId: createMutationId() });
      modules.upsert({ ...module, archived_at: answer.archived_at, is_favorite: false, version: (module.version ?? 0) + 1 });
    } else {
      await http.delete(path, { mutationId: createMutationId() });
      modules.upsert({ ...module, archived_at: null, version: (module.version ?? 0) + 1 });
    }
  } catch (error) {
    reportFailure('modules.updateFailed', error, { name: module.name });
    throw error;
  }
}

/** `DELETE …/modules/{id}/`. @throws ApiError */
export async function deleteModule(slug: string, module: Module): Promise<void> {
  const mutationId = createMutationId();
  try {
    await modules.mutate({ mutationId, kind: 'delete', id: module.id }, async () => {
      await http.delete(`${base(slug, module.project_id)}/modules/${module.id}/`, { mutationId });
    });
  } catch (error) {
    reportFailure('modules.updateFailed', error, { name: module.name });
    throw error;
  }
}

/** `POST …/modules/{id}/module-links/`, then the detail is reloaded. @throws ApiError */
export async function addModuleLink(slug: string, module: Module, input: { url: string; title?: string }): Promise<void> {
  await http.post(`${base(slug, module.project_id)}/modules/${module.id}/module-links/`, input, { mutationId: createMutationId() });
  await fetchModule(slug, module.project_id, module.id);
}

export const applyModuleChange = (change: ChangeMessage): void => modules.applyChange(change);

/** A live `module_link` change: merged into (or removed from) its module's `link_module`. */
export function applyModuleLinkChange(change: ChangeMessage): void {
  const rows = [...modules.useStore.getState().confirmed.values()];
  const linkId = change.data.id;
  const owner = change.op === 'delete' ? rows.find((row) => row.link_module?.some((link) => link.id === linkId)) : rows.find((row) => row.id === change.data.module);
  if (!owner) return;
  const others = (owner.link_module ?? []).filter((link) => link.id !== linkId);
  modules.upsert({ ...owner, link_module: change.op === 'delete' ? others : [change.data as unknown as ModuleLink, ...others] });
}

/** Completed share of a module's issues (0–100). */
function moduleProgress(module: Pick<WireModule, 'total_issues' | 'completed_issues'> | Module): number {
  const total = module.total_issues ?? 0;
  return total === 0 ? 0 : Math.round(((module.completed_issues ?? 0) / total) * 100);
}

function compareModules(sort: ModuleSort): (a: Module, b: Module) => number {
  const desc = sort.startsWith('-');
  const key = desc ? sort.slice(1) : sort;
  const value = (row: Module): string | number => {
    switch (key) {
      case 'progress':
        return moduleProgress(row);
      case 'issues_length':
        return row.total_issues ?? 0;
      case 'target_date':
        return row.target_date ?? '9999-12-31';
      case 'created_at':
        return row.created_at ?? '';
      case 'sort_order':
        return row.sort_order ?? 0;
      default:
        return row.name.toLowerCase();
    }
  };
  return (a, b) => {
    const [x, y] = [value(a), value(b)];
    const order = x < y ? -1 : x > y ? 1 : 0;
    return desc ? -order : order;
  };
}

/** A project's modules, live or archived, favorites first, in the chosen order. */
export function useProjectModules(projectId: string, archived: boolean, sort: ModuleSort): Module[] {
  const rows = modules.useRows();
  return useMemo(() => {
    const mine = rows.filter((row) => row.project_id === projectId && Boolean(row.archived_at) === archived).sort(compareModules(sort));
    return [...mine.filter((row) => row.is_favorite), ...mine.filter((row) => !row.is_favorite)];
  }, [rows, projectId, archived, sort]);
}

export const useModule = (moduleId: string | undefined): Module | undefined => modules.useRow(moduleId);
