// Moving an issue on a board (kanban drop): its group fields (state, priority, labels, assignees,
// cycle, modules) and its sort order change as one user action. The whole move shows at once as
// ONE pending mutation, so the card stays where it was dropped until the server agrees, and goes
// back to where it was if it does not.
//
// As atomic as the API allows: every field the issue PATCH takes goes in one PATCH (one server
// transaction). Cycle and module membership have their own endpoints (the PATCH does not take them),
// so a move that changes them is a short sequence — memberships first, the PATCH last — and a
// failure undoes the steps already done, in reverse, before the card goes back.
import { http } from '../api/http';
import { reportFailure } from '../components/app-shell/toast-store';
import { createMutationId } from './create-entity-store';
import { issuePath, projectPath } from './api-paths';
import { getIssue, issueEntities, type Issue, type IssuePatch } from './issue-store';

/** One request of a move, with the request that takes it back. */
interface MoveStep {
  run(mutationId: string): Promise<Issue | void>;
  undo(): Promise<unknown>;
}

function cycleStep(slug: string, issue: Issue, to: string | null): MoveStep {
  const base = `${projectPath(slug, issue.project_id)}/cycles`;
  const from = issue.cycle_id ?? null;
  const put = (cycleId: string | null, other: string | null, mutationId = createMutationId()) =>
    cycleId
      ? http.post(`${base}/${cycleId}/cycle-issues/`, { issues: [issue.id] }, { mutationId })
      : http.delete(`${base}/${other}/cycle-issues/${issue.id}/`, { mutationId });
  return {
    run: async (mutationId) => {
      await put(to, from, mutationId);
    },
    undo: () => put(from, to),
  };
}

function moduleStep(slug: string, issue: Issue, to: string[]): MoveStep {
  const before = issue.module_ids ?? [];
  const added = to.filter((id) => !before.includes(id));
  const removed = before.filter((id) => !to.includes(id));
  const send = (modules: string[], removedModules: string[], mutationId = createMutationId()) =>
    http.post(`${issuePath(slug, issue.project_id, issue.id)}/modules/`, { modules, removed_modules: removedModules }, { mutationId });
  return {
    run: async (mutationId) => {
      await send(added, removed, mutationId);
    },
    undo: () => send(removed, added),
  };
}

function fieldsStep(slug: string, issue: Issue, fields: IssuePatch): MoveStep {
  return {
    run: async (mutationId) => (await http.patch<Issue | undefined>(`${issuePath(slug, issue.project_id, issue.id)}/`, fields, { mutationId })) ?? undefined,
    // The PATCH is always the last step: nothing runs after it that could fail.
    undo: async () => undefined,
  };
}

/** The requests a move needs, memberships first and the issue PATCH last. */
function stepsOf(slug: string, issue: Issue, patch: IssuePatch): MoveStep[] {
  const { cycle_id: cycleId, module_ids: moduleIds, ...fields } = patch;
  const steps: MoveStep[] = [];
  if (cycleId !== undefined && cycleId !== (issue.cycle_id ?? null)) steps.push(cycleStep(slug, issue, cycleId));
  if (moduleIds !== undefined) steps.push(moduleStep(slug, issue, moduleIds));
  if (Object.keys(fields).length > 0) steps.push(fieldsStep(slug, issue, fields));
  return steps;
}

/** Runs the steps in order; on a failure undoes the ones done (newest first) and rethrows. */
async function runAll(steps: MoveStep[], mutationId: string): Promise<Issue | void> {
  const done: MoveStep[] = [];
  let answer: Issue | void = undefined;
  try {
    for (const [index, step] of steps.entries()) {
      // Only the last request carries the move's mutation id: its live echo is what confirms the
      // whole move, so an earlier step's echo cannot end the pending move half way.
      answer = await step.run(index === steps.length - 1 ? mutationId : createMutationId());
      done.push(step);
    }
  } catch (error) {
    // Best effort: if an undo fails too, the live stream still brings the server's truth.
    for (const step of done.reverse()) await step.undo().catch(() => undefined);
    throw error;
  }
  return answer;
}

/**
 * Moves an issue to another group and/or position: `patch` holds the group fields and
 * `sort_order` (kanban-drop.ts computes it). Shown at once; on failure every step is taken back,
 * the card returns to where it was and a toast names the issue. A drop has no one to rethrow to, so
 * the answer is whether the move stuck (false: refused, already rolled back and reported).
 */
export async function moveIssue(slug: string, issueId: string, patch: IssuePatch): Promise<boolean> {
  const issue = getIssue(issueId);
  if (!issue) return false;
  const steps = stepsOf(slug, issue, patch);
  if (steps.length === 0) return true;
  const mutationId = createMutationId();
  try {
    await issueEntities.mutate({ mutationId, kind: 'update', id: issueId, patch }, async () => {
      const answer = await runAll(steps, mutationId);
      return answer ? { ...patch, ...answer, id: issueId } : undefined;
    });
    return true;
  } catch (error) {
    reportFailure('toast.issueMoveFailed', error, { name: issue.name });
    return false;
  }
}
