// The create-issue modal: every property, a parent, and "save as draft". The new issue shows in
// its lists at once (temporary row swapped for the server's). Closing it with something typed asks
// first, so neither Escape nor a stray click loses the text.
import { useState, type FormEvent } from 'react';
import { PRIORITY_ORDER, type Priority } from '../../../shared/issue-constants';
import { useT } from '../../i18n';
import { useProjectEstimates } from '../../stores/estimate-store';
import { createIssue, issueKey, useIssues } from '../../stores/issue-store';
import { useProjectLabels } from '../../stores/label-store';
import { useAssignableUsers } from '../../stores/member-store';
import { useJoinedProjects } from '../../stores/project-store';
import { useProjectStates } from '../../stores/state-store';
import { Button } from '../button';
import { ConfirmDialog } from '../confirm-dialog';
import { Modal } from '../modal';
import { PRIORITY_LABEL } from './labels';
import { MultiSelect } from './multi-select';
import { LazyIssueDescriptionEditor as IssueDescriptionEditor } from '../../editor/lazy-issue-description-editor';

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
  const parents = issues.filter((issue) => issue.project_id === projectId && !issue.is_local_update && !issue.is_draft).slice(0, 500);

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
    <Modal
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
        <label className="field">
          <span className="field-label">{t('issue.project')}</span>
          <select className="select" value={projectId} onChange={(event) => { setProjectId(event.target.value); setEstimatePoint(''); }} data-testid="create-issue-project">
            {projects.map((row) => (
              <option key={row.id} value={row.id}>{row.name} ({row.identifier})</option>
            ))}
          </select>
        </label>
        <label className="field">
          <span className="field-label">{t('issue.title')}</span>
          <input className="input" value={name} maxLength={255} onChange={(event) => setName(event.target.value)} autoFocus data-testid="create-issue-name" />
        </label>
        {error && <p className="field-error" role="alert">{error}</p>}
        <div className="field">
          <span className="field-label">{t('issue.description')}</span>
          <IssueDescriptionEditor html="" onChange={setDescription} />
        </div>
        <div className="form-grid">
          <label className="field">
            <span className="field-label">{t('property.state')}</span>
            <select className="select" value={stateId} onChange={(event) => setStateId(event.target.value)}>
              <option value="">{t('issue.defaultState')}</option>
              {states.map((state) => <option key={state.id} value={state.id}>{state.name}</option>)}
            </select>
          </label>
          <label className="field">
            <span className="field-label">{t('property.priority')}</span>
            <select className="select" value={priority} onChange={(event) => setPriority(event.target.value as Priority)}>
              {PRIORITY_ORDER.map((value) => <option key={value} value={value}>{t(PRIORITY_LABEL[value])}</option>)}
            </select>
          </label>
          <div className="field">
            <span className="field-label">{t('property.assignee')}</span>
            <MultiSelect testId="create-issue-assignees" label={t('property.assignee')} summary={assignees.length ? String(assignees.length) : t('property.noAssignee')} options={users.map((user) => ({ value: user.id, label: user.display_name }))} selected={assignees} onChange={setAssignees} />
          </div>
          <div className="field">
            <span className="field-label">{t('property.labels')}</span>
            <MultiSelect testId="create-issue-labels" label={t('property.labels')} summary={labelIds.length ? String(labelIds.length) : t('property.noLabels')} options={labels.map((label) => ({ value: label.id, label: label.name, color: label.color }))} selected={labelIds} onChange={setLabelIds} />
          </div>
          {estimate && (
            <label className="field">
              <span className="field-label">{t('property.estimate')}</span>
              <select className="select" value={estimatePoint} onChange={(event) => setEstimatePoint(event.target.value)} data-testid="create-issue-estimate">
                <option value="">{t('screens.estimate.none')}</option>
                {estimate.points.map((point) => <option key={point.id} value={point.id}>{point.value}</option>)}
              </select>
            </label>
          )}
          <label className="field">
            <span className="field-label">{t('property.start_date')}</span>
            <input type="date" className="input" value={startDate} onChange={(event) => setStartDate(event.target.value)} />
          </label>
          <label className="field">
            <span className="field-label">{t('property.due_date')}</span>
            <input type="date" className="input" value={targetDate} onChange={(event) => setTargetDate(event.target.value)} />
          </label>
          <label className="field">
            <span className="field-label">{t('issue.parent')}</span>
            <select className="select" value={parentId} onChange={(event) => setParentId(event.target.value)}>
              <option value="">{t('common.none')}</option>
              {parents.map((issue) => <option key={issue.id} value={issue.id}>{issueKey(project?.identifier, issue)} {issue.name}</option>)}
            </select>
          </label>
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
    </Modal>
  );
}
