// What every project screen shows names from: the workspace's projects and members, the project's
// states, labels, members and estimates. They are read from the server on every entry into a
// project, and remembered in the local cache beside the project's issues (the same per-user
// database). On a reload the screen starts from the remembered copy at once while the same reads
// refresh it — each part replaces its remembered copy when its own answer arrives, and live
// events keep it current from then on — so a warm open waits for no server round trip. The first
// visit, or a browser without the cache, waits for the server as before.
import { ApiError } from '../api/http';
import type { WorkspaceMember } from '../api/types';
import { toastOnFailure } from '../components/app-shell/toast-store';
import { readCacheRecord, writeCacheRecord } from '../local-cache/issue-cache';
import { fetchCycles } from '../stores/cycle-store';
import { applyProjectEstimates, fetchEstimates, type Estimate } from '../stores/estimate-store';
import { applyProjectLabels, fetchProjectLabels, type Label } from '../stores/label-store';
import { applyMembers, applyProjectMembers, fetchMembers, fetchProjectMembers, type ProjectMember } from '../stores/member-store';
import { fetchModules } from '../stores/module-store';
import { applyProjects, ensureProjects, type Project } from '../stores/project-store';
import { whenUserKnown } from '../stores/session-store';
import { applyProjectStates, fetchProjectStates, type State } from '../stores/state-store';

interface ProjectNames {
  projects: Project[];
  states: State[];
  labels: Label[];
  projectMembers: ProjectMember[];
  members: WorkspaceMember[];
  estimates: Estimate[];
}
type Part = keyof ProjectNames;

const recordKey = (projectId: string) => `project-names:${projectId}`;

/**
 * Loads the project's names. Resolves once they are in the stores: from the server, or at once
 * from the remembered copy (then a failed refresh is a toast, not the screen's error).
 * @throws ApiError when nothing is remembered and a read fails (the route shows its error).
 */
export async function loadProjectReads(slug: string, projectId: string): Promise<void> {
  const answered = new Set<Part>();
  const part = <K extends Part>(name: K, read: Promise<ProjectNames[K]>) =>
    read.then((rows) => {
      answered.add(name);
      return rows;
    });
  const network = Promise.all([
    part('projects', ensureProjects(slug)),
    part('states', fetchProjectStates(slug, projectId)),
    part('labels', fetchProjectLabels(slug, projectId)),
    part('projectMembers', fetchProjectMembers(slug, projectId)),
    part('members', fetchMembers(slug)),
    part('estimates', fetchEstimates(slug, projectId)),
  ]);
  network.catch(() => undefined);
  // Cycle names (cycle chip, bulk bar) and module names (module chip) are asked for once the rest
  // has answered and are not waited for: those answers carry progress figures and were the slowest
  // of the set (~430 / ~500 ms on a 10,000-issue project vs ~80 ms for states), and the server
  // computes them on the cores that answer what the screen waits for. Their chips show "…" until
  // the names arrive; a failure never blocks the screen.
  const askForPlanning = () => {
    void fetchCycles(slug, projectId).catch(() => []);
    void fetchModules(slug, projectId).catch(() => []);
  };
  void network.then(askForPlanning, askForPlanning);
  void network.then(
    ([projects, states, labels, projectMembers, members, estimates]) => remember(slug, projectId, { projects, states, labels, projectMembers, members, estimates }),
    () => undefined,
  );

  const remembered = await recall(slug, projectId);
  if (!remembered) {
    await network;
    return;
  }
  // A part whose answer came first keeps it: the remembered copy is older.
  if (!answered.has('projects')) applyProjects(slug, remembered.projects);
  if (!answered.has('states')) applyProjectStates(slug, projectId, remembered.states);
  if (!answered.has('labels')) applyProjectLabels(slug, projectId, remembered.labels);
  if (!answered.has('projectMembers')) applyProjectMembers(projectId, remembered.projectMembers);
  if (!answered.has('members')) applyMembers(slug, remembered.members);
  if (!answered.has('estimates')) applyProjectEstimates(slug, projectId, remembered.estimates);
  toastOnFailure(network, 'toast.projectRefreshFailed');
  // Refused (the project was deleted, or I was removed from it): the next visit asks the server
  // first and shows its answer instead of this copy.
  network.catch((error: unknown) => {
    if (error instanceof ApiError && (error.status === 403 || error.status === 404)) void writeCacheRecord(slug, recordKey(projectId), null);
  });
}

/** The remembered names, if this user's cache holds a complete copy for the project. */
async function recall(slug: string, projectId: string): Promise<ProjectNames | undefined> {
  if (!(await whenUserKnown())) return undefined;
  const record = await readCacheRecord<Partial<ProjectNames>>(slug, recordKey(projectId));
  const parts: Part[] = ['projects', 'states', 'labels', 'projectMembers', 'members', 'estimates'];
  if (!record || !parts.every((name) => Array.isArray(record[name]))) return undefined;
  // The project itself must be in the remembered list (it may have been left or deleted since).
  if (!record.projects!.some((project) => project.id === projectId)) return undefined;
  return record as ProjectNames;
}

function remember(slug: string, projectId: string, names: ProjectNames): Promise<void> {
  return writeCacheRecord(slug, recordKey(projectId), names);
}
