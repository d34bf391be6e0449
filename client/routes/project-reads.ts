// What every project screen shows names from: the workspace's projects and members, the project's
// states, labels, members and estimates. They are read from the server on every entry into a
// project, and remembered in the local cache beside the project's issues (the same per-user
// database). On a reload the screen starts from the remembered copy at once and the same reads
// refresh it right after the session's (each part replaces its copy when its answer arrives, and
// live events keep it current from then on), so a warm open waits for no server round trip. The first
// visit, or a browser without the cache, waits for the server as before.
import { ApiError } from '../api/http';
import type { ProjectMemberRole, WorkspaceMember } from '../api/types';
import { toastOnFailure } from '../stores/toast-store';
import { readCacheRecord, writeCacheRecord } from '../local-cache/issue-cache';
import { fetchCycles } from '../stores/cycle-store';
import { applyProjectEstimates, fetchEstimates, type Estimate } from '../stores/estimate-store';
import { applyProjectLabels, fetchProjectLabels, type Label } from '../stores/label-store';
import { applyMembers, applyProjectMembers, fetchMembers, fetchProjectMembers } from '../stores/member-store';
import { fetchModules } from '../stores/module-store';
import { applyProjects, ensureProjects, fetchProjects, type Project } from '../stores/project-store';
import { ensureSession, whenUserKnown } from '../stores/session-store';
import { applyProjectStates, fetchProjectStates, type State } from '../stores/state-store';

interface ProjectNames {
  projects: Project[];
  states: State[];
  labels: Label[];
  projectMembers: ProjectMemberRole[];
  members: WorkspaceMember[];
  estimates: Estimate[];
}
type Part = keyof ProjectNames;
const PARTS: Part[] = ['projects', 'states', 'labels', 'projectMembers', 'members', 'estimates'];

const recordKey = (projectId: string) => `project-names:${projectId}`;

/**
 * Loads the project's names. Resolves once they are in the stores: from the server, or at once
 * from the remembered copy (then a failed refresh is a toast, not the screen's error).
 * @throws ApiError when nothing is remembered and a read fails (the route shows its error).
 */
export async function loadProjectReads(slug: string, projectId: string): Promise<void> {
  const remembered = await recall(slug, projectId);
  if (!remembered) {
    await readFromServer(slug, projectId);
    return;
  }
  applyProjects(slug, remembered.projects);
  applyProjectStates(slug, projectId, remembered.states);
  applyProjectLabels(slug, projectId, remembered.labels);
  applyProjectMembers(projectId, remembered.projectMembers);
  applyMembers(slug, remembered.members);
  applyProjectEstimates(slug, projectId, remembered.estimates);
  // The refresh goes once the session's own reads have answered: this page load's guard waits for
  // those, and the server answers them sooner without six more reads beside them.
  const refresh = ensureSession()
    .catch(() => undefined)
    .then(() => readFromServer(slug, projectId, true));
  toastOnFailure(refresh, 'toast.projectRefreshFailed');
  // Refused (the project was deleted, or I was removed from it): the next visit asks the server
  // first and shows its answer instead of this copy.
  refresh.catch((error: unknown) => {
    if (error instanceof ApiError && (error.status === 403 || error.status === 404)) void writeCacheRecord(slug, recordKey(projectId), null);
  });
}

/**
 * Every part from the server, each put in its store as it answers; remembered once all have.
 * `refresh`: the projects are asked for again even though the store holds them (the remembered copy).
 */
async function readFromServer(slug: string, projectId: string, refresh = false): Promise<void> {
  const names = Promise.all([
    refresh ? fetchProjects(slug) : ensureProjects(slug),
    fetchProjectStates(slug, projectId),
    fetchProjectLabels(slug, projectId),
    fetchProjectMembers(slug, projectId),
    fetchMembers(slug),
    fetchEstimates(slug, projectId),
  ]);
  // Cycle names (cycle chip, bulk bar) and module names (module chip) are asked for once the rest
  // has answered and are not waited for: those answers carry progress figures and were the slowest
  // of the set (~430 / ~500 ms on a 10,000-issue project vs ~80 ms for states), and the server
  // computes them on the cores that answer what the screen waits for. Their chips show "…" until
  // the names arrive; a failure never blocks the screen.
  const askForPlanning = () => {
    void fetchCycles(slug, projectId).catch(() => []);
    void fetchModules(slug, projectId).catch(() => []);
  };
  void names.then(askForPlanning, askForPlanning);
  const [projects, states, labels, projectMembers, members, estimates] = await names;
  void writeCacheRecord(slug, recordKey(projectId), { projects, states, labels, projectMembers, members, estimates } satisfies ProjectNames);
}

/** The remembered names, if this user's cache holds a complete copy for the project. */
async function recall(slug: string, projectId: string): Promise<ProjectNames | undefined> {
  if (!(await whenUserKnown())) return undefined;
  const record = await readCacheRecord<Partial<ProjectNames>>(slug, recordKey(projectId));
  if (!record || !PARTS.every((name) => Array.isArray(record[name]))) return undefined;
  // The project itself must be in the remembered list (it may have been left or deleted since).
  if (!record.projects!.some((project) => project.id === projectId)) return undefined;
  return record as ProjectNames;
}
