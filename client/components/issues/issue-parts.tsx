// Pieces every layout shares: the issue key, the property strip (obeying display properties), a
// group's title, the per-group quick add and "load more".
import { Link2, ListTree, Paperclip } from 'lucide-react';
import type { FormEvent, ReactNode } from 'react';
import { updateQuickAddDraft, useQuickAddDraft } from './quick-add-drafts';
import { STATE_GROUP_COLORS, isPriority, isStateGroup } from '../../../shared/issue-constants';
import { nameOrUntitled } from '../../../shared/names';
import type { DisplayProperties, GroupBy } from '../../../shared/display';
import { useT } from '../../i18n';
import { createIssue, issueKey, type Issue, type IssuePatch } from '../../stores/issue-store';
import { useLabelMap } from '../../stores/label-store';
import { useMemberUserMap } from '../../stores/member-store';
import { useProject, useProjectStore } from '../../stores/project-store';
import { useStateMap } from '../../stores/state-store';
import { OutboxRowMarker } from '../app-shell/outbox-indicator';
import { IssueDatePicker } from './issue-date-chip';
import { useHotkeyRequested } from './issue-hotkeys';
import { AssigneePicker, LabelPicker } from './issue-people-labels';
import { EstimatePicker, PriorityPicker, StatePicker } from './issue-properties';
import { CyclePicker, ModulePicker } from './issue-plan-pickers';
import { GROUP_BY_LABEL, PRIORITY_LABEL, STATE_GROUP_LABEL } from './labels';
import { NONE_GROUP } from '../../stores/list-model';

export function IssueKey({ issue }: { issue: Issue }) {
  const project = useProject(issue.project_id);
  return <span className="issue-key">{issue.is_local_update ? '…' : issueKey(project?.identifier, issue)}</span>;
}

export function IssueTitle({ issue }: { issue: Issue }) {
  // The tooltip shows a name the row or card cuts short.
  return (
    <>
      <span className="issue-title" title={nameOrUntitled(issue.name)}>{nameOrUntitled(issue.name)}</span>
      <OutboxRowMarker id={issue.id} />
    </>
  );
}

/**
 * The property strip of a row or card: only the display properties that are on, and of those only
 * the ones that are set — the title takes the space, as in Linear. A list row (`unsetOnHover`) keeps
 * its unset properties in the row but shows them only while the row is hovered or holds focus, so
 * they can still be set with the mouse; a `compact` strip (the kanban card) leaves them out. A
 * property asked for by its hotkey (S, P, A, L, D, Shift+C, M) shows while its picker is open.
 */
export function IssuePropertyStrip({ slug, issue, properties, canEdit, compact, unsetOnHover }: { slug: string; issue: Issue; properties: DisplayProperties; canEdit: boolean; compact?: boolean; unsetOnHover?: boolean }) {
  const t = useT();
  const disabled = !canEdit || issue.is_local_update;
  const asked = {
    state: useHotkeyRequested('state'),
    priority: useHotkeyRequested('priority'),
    assignee: useHotkeyRequested('assignee'),
    labels: useHotkeyRequested('labels'),
    due_date: useHotkeyRequested('due_date'),
    cycle: useHotkeyRequested('cycle'),
    modules: useHotkeyRequested('modules'),
  };
  // A set property (or one whose hotkey picker is open) shows; an unset one only on hover/focus of a
  // list row (`.prop-unset` is hidden by CSS otherwise, and hidden chips are out of the Tab order).
  // Always the same wrapper, so a picker that sets its property (unset → set) is not remounted and
  // its open popover (a multi-select) stays open.
  const chip = (on: boolean, set: boolean, hotkey: boolean, node: () => ReactNode) => {
    if (hotkey || (on && set)) return <span className="prop-slot">{node()}</span>;
    if (on && unsetOnHover && canEdit && !compact) return <span className="prop-slot prop-unset">{node()}</span>;
    return null;
  };
  return (
    <div className="prop-strip">
      {chip(properties.state, Boolean(issue.state_id), asked.state, () => <StatePicker slug={slug} issue={issue} disabled={disabled} />)}
      {chip(properties.priority, issue.priority !== 'none', asked.priority, () => <PriorityPicker slug={slug} issue={issue} disabled={disabled} />)}
      {chip(properties.assignee, issue.assignee_ids.length > 0, asked.assignee, () => <AssigneePicker slug={slug} issue={issue} disabled={disabled} />)}
      {chip(properties.labels, issue.label_ids.length > 0, asked.labels, () => <LabelPicker slug={slug} issue={issue} disabled={disabled} />)}
      {chip(properties.start_date, Boolean(issue.start_date), false, () => <IssueDatePicker slug={slug} issue={issue} field="start_date" disabled={disabled} />)}
      {chip(properties.due_date, Boolean(issue.target_date), asked.due_date, () => <IssueDatePicker slug={slug} issue={issue} field="target_date" disabled={disabled} />)}
      {chip(properties.estimate, Boolean(issue.estimate_point), false, () => <EstimatePicker slug={slug} issue={issue} disabled={disabled} />)}
      {chip(properties.cycle, Boolean(issue.cycle_id), asked.cycle, () => <CyclePicker slug={slug} issue={issue} disabled={disabled} />)}
      {chip(properties.modules, (issue.module_ids ?? []).length > 0, asked.modules, () => <ModulePicker slug={slug} issue={issue} disabled={disabled} />)}
      {properties.sub_issue_count && (issue.sub_issues_count ?? 0) > 0 && <span className="chip" title={t('property.sub_issue_count')}><ListTree size={12} aria-hidden="true" /> {issue.sub_issues_count}</span>}
      {properties.link && (issue.link_count ?? 0) > 0 && <span className="chip" title={t('property.link')}><Link2 size={12} aria-hidden="true" /> {issue.link_count}</span>}
      {properties.attachment_count && (issue.attachment_count ?? 0) > 0 && <span className="chip" title={t('property.attachment_count')}><Paperclip size={12} aria-hidden="true" /> {issue.attachment_count}</span>}
    </div>
  );
}

/** A group's display name: the state, priority, label, user or project it stands for. */
export function useGroupTitle(groupBy: GroupBy | null): (key: string) => { title: string; color?: string } {
  const t = useT();
  const states = useStateMap();
  const labels = useLabelMap();
  const users = useMemberUserMap();
  const projects = useProjectStore((state) => state.confirmed);
  return (key: string) => {
    if (groupBy === null) return { title: t('list.allIssues') };
    if (key === NONE_GROUP) return { title: t('groupBy.noneValue', { group: t(GROUP_BY_LABEL[groupBy]) }) };
    if (groupBy === 'state') return { title: states.get(key)?.name ?? '…', color: states.get(key)?.color };
    if (groupBy === 'state_detail.group' && isStateGroup(key)) return { title: t(STATE_GROUP_LABEL[key]), color: STATE_GROUP_COLORS[key] };
    if (groupBy === 'priority' && isPriority(key)) return { title: t(PRIORITY_LABEL[key]) };
    if (groupBy === 'labels') return { title: labels.get(key)?.name ?? '…', color: labels.get(key)?.color };
    if (groupBy === 'assignees' || groupBy === 'created_by') return { title: users.get(key)?.display_name ?? '…' };
    if (groupBy === 'project') return { title: projects.get(key)?.name ?? '…' };
    return { title: key };
  };
}

/** The properties a new issue gets from the group it is added to. */
export function patchForGroup(groupBy: GroupBy | null, key: string): IssuePatch {
  if (key === NONE_GROUP || groupBy === null) return {};
  if (groupBy === 'state') return { state_id: key };
  if (groupBy === 'priority' && isPriority(key)) return { priority: key };
  if (groupBy === 'labels') return { label_ids: [key] };
  if (groupBy === 'assignees') return { assignee_ids: [key] };
  return {};
}

/** Inline "add issue" at the end of a group: a temporary row appears at once. */
export function QuickAdd({ slug, projectId, groupPatch, testId }: { slug: string; projectId: string; groupPatch: IssuePatch; testId?: string }) {
  const t = useT();
  // The draft outlives this component (quick-add-drafts.ts): a row that leaves the list for a moment keeps it.
  const draftKey = `${projectId}:${JSON.stringify(groupPatch)}`;
  const { open, name } = useQuickAddDraft(draftKey);
  const setOpen = (next: boolean) => updateQuickAddDraft(draftKey, (draft) => ({ ...draft, open: next }));
  const setName = (update: (current: string) => string) => updateQuickAddDraft(draftKey, (draft) => ({ ...draft, name: update(draft.name) }));
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) return;
    setName(() => '');
    // The failure is toasted by the store; the name comes back into the (still empty) input, open again.
    void createIssue(slug, projectId, { ...groupPatch, name: trimmed }).catch(() => updateQuickAddDraft(draftKey, (draft) => ({ open: true, name: draft.name || trimmed })));
  };
  if (!open) {
    return (
      <button type="button" className="quick-add-button" onClick={() => setOpen(true)} data-testid={testId ?? 'quick-add'}>
        + {t('issue.quickAdd')}
      </button>
    );
  }
  return (
    <form className="quick-add" onSubmit={handleSubmit}>
      <input
        className="input"
        autoFocus
        value={name}
        placeholder={t('issue.quickAddPlaceholder')}
        aria-label={t('issue.quickAdd')}
        onChange={(event) => { const value = event.target.value; setName(() => value); }}
        onKeyDown={(event) => event.key === 'Escape' && setOpen(false)}
        data-testid="quick-add-input"
      />
    </form>
  );
}

export function LoadMore({ onClick, busy }: { onClick: () => void; busy: boolean }) {
  const t = useT();
  return (
    <button type="button" className="load-more" onClick={onClick} disabled={busy} data-testid="load-more">
      {busy ? t('common.loading') : t('list.loadMore')}
    </button>
  );
}
