// Moving an issue on a board (kanban drop): its group fields (state, priority, labels, assignees,
// cycle, modules) and its sort order change as one user action, shown at once.
//
// Every request goes through the work-item outbox (client/outbox/), in order for the issue:
// cycle and module membership have their own endpoints (the PATCH does not take them), so a move
// that changes them is a short sequence — memberships first, the PATCH last — each step its own
// entry. Offline they wait and replay; a step the server refuses stays on the card, marked
// failed, until the person retries or discards it (discarding shows the server's value again).
import { reportFailure } from './toast-store';
import type { OutboxInput } from '../outbox/outbox';
import { isDiscarded, outboxMutate } from '../outbox/work-outbox';
import { createMutationId } from './create-entity-store';
import { projectPath } from './api-paths';
import { getIssue, issueModulesEntry, issuePatchEntry, type Issue, type IssuePatch } from './issue-store';

function cycleEntry(slug: string, issue: Issue, to: string | null): OutboxInput {
  const base = `${projectPath(slug, issue.project_id)}/cycles`;
  const from = issue.cycle_id ?? null;
  const mutationId = createMutationId();
  return {
    mutationId,
    keys: [issue.id],
    request: to
      ? { method: 'POST', path: `${base}/${to}/cycle-issues/`, body: { issues: [issue.id] } }
      : { method: 'DELETE', path: `${base}/${from}/cycle-issues/${issue.id}/` },
    optimistic: [{ store: 'issue', entries: [{ mutationId, kind: 'update', id: issue.id, patch: { cycle_id: to } }] }],
    label: { key: 'outbox.kind.cycle', values: { name: issue.name } },
  };
}

/** The entries a move needs, memberships first and the issue PATCH last. */
function entriesOf(slug: string, issue: Issue, patch: IssuePatch): OutboxInput[] {
  const { cycle_id: cycleId, module_ids: moduleIds, ...fields } = patch;
  const entries: OutboxInput[] = [];
  if (cycleId !== undefined && cycleId !== (issue.cycle_id ?? null)) entries.push(cycleEntry(slug, issue, cycleId));
  if (moduleIds !== undefined) {
    const before = issue.module_ids ?? [];
    entries.push(issueModulesEntry(slug, issue.project_id, issue.id, moduleIds.filter((id) => !before.includes(id)), before.filter((id) => !moduleIds.includes(id))));
  }
  if (Object.keys(fields).length > 0) entries.push(issuePatchEntry(slug, issue, fields, createMutationId(), 'outbox.kind.move'));
  return entries;
}

/**
 * Moves an issue to another group and/or position: `patch` holds the group fields and
 * `sort_order` (kanban-drop.ts computes it). Shown at once. A drop has no one to rethrow to, so
 * the answer is whether the move stuck or is waiting to be sent (false: the server refused a
 * step, which is toasted and marked failed on the card).
 */
export async function moveIssue(slug: string, issueId: string, patch: IssuePatch): Promise<boolean> {
  const issue = getIssue(issueId);
  if (!issue) return false;
  const entries = entriesOf(slug, issue, patch);
  const outcomes = await Promise.allSettled(entries.map((entry) => outboxMutate(entry)));
  const refused = outcomes.find((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected' && !isDiscarded(outcome.reason));
  if (refused) reportFailure('toast.issueMoveFailed', refused.reason, { name: issue.name });
  return !refused;
}
