// The create-issue modal: every property as the same chips and pickers an issue has (client/ui
// PropertyChip and DatePicker), a parent, and "save as draft". The new issue shows in its lists
// at once (temporary row swapped for the server's). Closing it with something typed asks first,
// so neither Escape nor a stray click loses the text.
import { useState, type FormEvent } from 'react';
import { FolderKanban, GitFork, Tag, Triangle, UserRound } from 'lucide-react';
import type { Priority } from '../../../shared/issue-constants';
import { useT } from '../../i18n';
import { useProjectEstimates } from '../../stores/estimate-store';
import { createIssue, issueKey, useIssues } from '../../stores/issue-store';
import { createLabel, useProjectLabels } from '../../stores/label-store';
import { useProjectCan } from '../../auth/use-project-can';
import { nextLabelColor } from './label-colors';
import { useAssignableUsers } from '../../stores/member-store';
import { useJoinedProjects } from '../../stores/project-store';
import { useProjectStates } from '../../stores/state-store';
import { Button, DatePicker, Dialog, PropertyChip, toggleValue } from '../../ui';
import { PriorityIcon, StateIcon } from '../../ui/pickers/property-icons';
import { reportFailure } from '../../stores/toast-store';
import { ConfirmDialog } from '../confirm-dialog';
import { PRIORITY_LABEL } from './labels';
import { labelOptions, NONE_OPTION, priorityOptions, stateOptions, summaryOf, userOptions } from './property-options';
import { LazyIssueDescriptionEditor as IssueDescriptionEditor } from '../../editor/lazy-issue-description-editor';

/** How many of the project's issues the parent picker lists (typing narrows among those). */
const MAX_PARENTS = 500;

export function CreateIssueModal({ slug, defaultProjectId, onClose, onCreated }: { slug: string; defaultProjectId?: string; onClose: () => void; onCreated?: (id: string) => void }) {
  const t = useT();
  const projects = useJoinedProjects(slug);
  const [projectId, setProjectId] = useState(defaultProjectId ?? projects[0]?.id ?? '');
  const states = useProjectStates(projectId);
  const labels = useProjectLabels(projectId);
  const users = useAssignableUsers(projectId);
  const issues = useIssues();
  const project = projects.find((row) => row.id === projectId);
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [stateId, setStateId] = useState('');
  const [priority, setPriority] = useState<Priority>('none');
  const [assignees, setAssignees] = useState<string[]>([]);
  const [labelIds, setLabelIds] = useState<string[]>([]);
  const [startDate, setStartDate] = useState('');
  const [targetDate, setTargetDate] = useState('');
  const [parentId, setParentId] = useState('');
  const [estimatePoint, setEstimatePoint] = useState('');
  const [confirmDiscard, setConfirmDiscard] = useState(false);
  const estimate = useProjectEstimates(projectId).find((row) => row.id === project?.estimate);
  const dirty = Boolean(name.trim() || description.replace(/<[^>]*>/g, '').trim() || stateId || priority !== 'none' || assignees.length || labelIds.length || startDate || targetDate || parentId || estimatePoint);
  const requestClose = () => (dirty ? setConfirmDiscard(true) : onClose());
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const parents = issues.filter((issue) => issue.project_id === projectId && !issue.is_local_update && !issue.is_draft).slice(0, MAX_PARENTS);
  const parent = parents.find((issue) => issue.id === parentId);
  const state = states.find((row) => row.id === stateId);
  const people = userOptions(users);
  const labelChoices = labelOptions(labels);
  const point = estimate?.points.find((row) => row.id === estimatePoint);

  const canCreateLabel = useProjectCan('project.admin', projectId);
  const createLabelHere = (labelName: string) => {
    void createLabel(slug, projectId, { name: labelName, color: nextLabelColor(labels.map((label) => label.color)) })
      .then((label) => setLabelIds((list) => toggleValue(list, label.id)))
      .catch((failure: unknown) => reportFailure('pickers.labelCreateFailed', failure, { name: labelName }));
  };

  const submit = async (draft: boolean) => {
    if (!name.trim()) return setError(t('common.required'));
    if (startDate && targetDate && startDate > targetDate) return setError(t('issue.datesInvalid'));
    setBusy(true);
    const input = {
      name: name.trim(),
      description_html: description || undefined,
      state_id: stateId || undefined,
      priority,
      assignee_ids: assignees,
      label_ids: labelIds,
      start_date: startDate || null,
      target_date: targetDate || null,
      parent_id: parentId || null,
      ...(estimatePoint ? { estimate_point: estimatePoint } : {}),
    };
    // The dialog stays open until the server has the issue: a refusal keeps everything typed here
    // (the store's toast says why) instead of losing it with a closed dialog.
    const created = await createIssue(slug, projectId, input, { draft }).catch(() => null);
    setBusy(false);
    if (!created) return setError(t('toast.issueCreateFailed', { name: input.name }));
    onClose();
    onCreated?.(created.id);
  };

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit(false);
  };

  return (
    <Dialog
      title={t('issue.create')}
      onClose={requestClose}
      testId="create-issue-modal"
      footer={
        <>
          <Button variant="secondary" onClick={() => void submit(true)} disabled={busy || !projectId} data-testid="save-draft">{t('issue.saveDraft')}</Button>
          <Button type="submit" form="create-issue-form" busy={busy} disabled={!projectId} data-testid="create-issue-submit">{t('issue.create')}</Button>
        </>
      }
    >
      <form id="create-issue-form" className="form" onSubmit={handleSubmit}>
        <div className="create-issue-project">
          <PropertyChip
            label={t('issue.project')}
            valueText={project ? `${project.name} (${project.identifier})` : t('common.none')}
            icon={<FolderKanban size={13} aria-hidden="true" className="picker-icon" />}
            options={projects.map((row) => ({ value: row.id, label: `${row.name} (${row.identifier})`, keywords: [row.identifier] }))}
            selected={projectId ? [projectId] : []}
            onSelect={(value) => {
              if (value === projectId) return;
              // States, labels, people and estimates belong to a project: a new project starts them over.
              setProjectId(value);
              setStateId('');
              setLabelIds([]);
              setAssignees([]);
              setParentId('');
              setEstimatePoint('');
            }}
            testId="create-issue-project"
          />
        </div>
        <label className="field">
          <span className="field-label">{t('issue.title')}</span>
          <input className="input" value={name} maxLength={255} onChange={(event) => setName(event.target.value)} autoFocus data-testid="create-issue-name" />
        </label>
        {error && <p className="field-error" role="alert">{error}</p>}
        <div className="field">
          <span className="field-label">{t('issue.description')}</span>
          <IssueDescriptionEditor slug={slug} projectId={projectId} html="" onChange={setDescription} />
        </div>
        <div className="create-issue-props" role="group" aria-label={t('issue.properties')}>
          <PropertyChip
            label={t('property.state')}
            valueText={state?.name ?? t('issue.defaultState')}
            icon={<StateIcon group={state?.group ?? 'backlog'} color={state?.color} />}
            empty={!state}
            options={[{ value: NONE_OPTION, label: t('issue.defaultState') }, ...stateOptions(states)]}
            selected={[stateId || NONE_OPTION]}
            onSelect={(value) => setStateId(value === NONE_OPTION ? '' : value)}
            placeholder={t('pickers.changeState')}
            testId="create-issue-state"
          />
          <PropertyChip
            label={t('property.priority')}
            valueText={t(PRIORITY_LABEL[priority])}
            icon={<PriorityIcon priority={priority} />}
            empty={priority === 'none'}
            options={priorityOptions(t)}
            selected={[priority]}
            onSelect={(value) => setPriority(value as Priority)}
            placeholder={t('pickers.changePriority')}
            testId="create-issue-priority"
          />
          <PropertyChip
            multiple
            label={t('property.assignee')}
            valueText={summaryOf(people, assignees, t('property.noAssignee'))}
            icon={<UserRound size={14} aria-hidden="true" className="picker-icon" />}
            empty={assignees.length === 0}
            options={people}
            selected={assignees}
            onSelect={(value) => setAssignees((list) => toggleValue(list, value))}
            placeholder={t('pickers.assignTo')}
            testId="create-issue-assignees"
          />
          <PropertyChip
            multiple
            label={t('property.labels')}
            valueText={summaryOf(labelChoices, labelIds, t('property.noLabels'))}
            icon={<Tag size={13} aria-hidden="true" className="picker-icon" />}
            empty={labelIds.length === 0}
            options={labelChoices}
            selected={labelIds}
            onSelect={(value) => setLabelIds((list) => toggleValue(list, value))}
            onCreate={projectId && canCreateLabel ? createLabelHere : undefined}
            createText={(labelName) => t('pickers.createLabel', { name: labelName })}
            placeholder={t('pickers.changeLabels')}
            testId="create-issue-labels"
          />
          {estimate && (
            <PropertyChip
              label={t('property.estimate')}
              valueText={point?.value ?? t('screens.estimate.none')}
              icon={<Triangle size={12} aria-hidden="true" className="picker-icon" />}
              empty={!point}
              options={[{ value: NONE_OPTION, label: t('screens.estimate.none') }, ...estimate.points.map((row) => ({ value: row.id, label: row.value }))]}
              selected={[estimatePoint || NONE_OPTION]}
              onSelect={(value) => setEstimatePoint(value === NONE_OPTION ? '' : value)}
              placeholder={t('pickers.changeEstimate')}
              testId="create-issue-estimate"
            />
          )}
          <DatePicker label={t('property.start_date')} value={startDate || null} onChange={(value) => setStartDate(value ?? '')} testId="create-issue-start-date" />
          <DatePicker label={t('property.due_date')} value={targetDate || null} onChange={(value) => setTargetDate(value ?? '')} testId="create-issue-due-date" />
          <PropertyChip
            label={t('issue.parent')}
            valueText={parent ? `${issueKey(project?.identifier, parent)} ${parent.name}` : t('pickers.noParent')}
            icon={<GitFork size={13} aria-hidden="true" className="picker-icon" />}
            empty={!parent}
            options={[
              { value: NONE_OPTION, label: t('pickers.noParent') },
              ...parents.map((issue) => {
                const key = issueKey(project?.identifier, issue);
                return { value: issue.id, label: `${key} ${issue.name}`, keywords: [key] };
              }),
            ]}
            selected={[parentId || NONE_OPTION]}
            onSelect={(value) => setParentId(value === NONE_OPTION ? '' : value)}
            placeholder={t('pickers.changeParent')}
            testId="create-issue-parent"
          />
        </div>
      </form>
      {confirmDiscard && (
        <ConfirmDialog
          title={t('screens.createIssue.discardTitle')}
          message={t('screens.createIssue.discardBody')}
          confirmLabel={t('screens.createIssue.discard')}
          onConfirm={async () => onClose()}
          onClose={() => setConfirmDiscard(false)}
        />
      )}
    </Dialog>
  );
}
