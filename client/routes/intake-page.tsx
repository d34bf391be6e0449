// `/{workspaceSlug}/projects/{projectId}/intake`: the project's triage inbox. Open and closed tabs,
// sort and status filters, load-more that stops when all are loaded; the selected submission's
// detail with accept / decline / snooze (1, 3, 5 days, 1, 2 weeks, custom) / mark duplicate (issue
// picker) for admins; a form to submit a new issue to the intake.
import { Check, Copy, Inbox, Plus, Trash2, X } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import type { IntakeIssue } from '../api/types';
import { AppShell } from '../components/app-shell';
import { SelectField, TextField } from '../components/field';
import { SnoozeMenu } from '../components/inbox/snooze-menu';
import { RelativeTime } from '../components/relative-time';
import { useT, type MessageKey } from '../i18n';
import { INTAKE_CLOSED_STATUSES, INTAKE_OPEN_STATUSES, IntakeStatus, PRIORITY_ORDER } from '../../shared/issue-constants';
import { Role } from '../../shared/roles';
import { issueKey, useIssues } from '../stores/issue-store';
import {
  clearIntakeDetail,
  createIntakeIssue,
  deleteIntake,
  effectiveStatus,
  fetchIntake,
  fetchIntakeDetail,
  fetchMoreIntake,
  tabDefaults,
  triageIntake,
  useIntakeList,
  useIntakeRows,
  useIntakeStatus,
  type IntakeOrder,
  type IntakeTab,
} from '../stores/intake-store';
import { useProject } from '../stores/project-store';
import { useSessionStore } from '../stores/session-store';
import { Button, Combobox, Dialog, EmptyState, SkeletonRows, toast } from '../ui';
import './inbox.css';

const ORDERS: IntakeOrder[] = ['-issue__created_at', 'issue__created_at', '-issue__updated_at', 'issue__updated_at', '-issue__sequence_id', 'issue__sequence_id'];

const STATUS_KEYS: Record<number, MessageKey> = {
  [IntakeStatus.PENDING]: 'intake.status.pending',
  [IntakeStatus.DECLINED]: 'intake.status.declined',
  [IntakeStatus.SNOOZED]: 'intake.status.snoozed',
  [IntakeStatus.ACCEPTED]: 'intake.status.accepted',
  [IntakeStatus.DUPLICATE]: 'intake.status.duplicate',
};

export function IntakePage({ workspaceSlug, projectId }: { workspaceSlug: string; projectId: string }) {
  const t = useT();
  const project = useProject(projectId);
  const filters = useIntakeList((state) => state.filters);
  const hasMore = useIntakeList((state) => state.hasMore);
  const loadingMore = useIntakeList((state) => state.loadingMore);
  const total = useIntakeList((state) => state.total);
  const detail = useIntakeList((state) => state.detail);
  const rows = useIntakeRows(projectId);
  const status = useIntakeStatus(projectId);
  const [creating, setCreating] = useState(false);
  const [retry, setRetry] = useState(0);

  useEffect(() => {
    clearIntakeDetail();
    void fetchIntake(workspaceSlug, projectId, useIntakeList.getState().filters).catch(() => undefined);
  }, [workspaceSlug, projectId, retry]);

  const reload = (next: typeof filters) => void fetchIntake(workspaceSlug, projectId, next).catch(() => undefined);
  const switchTab = (tab: IntakeTab) => reload(tabDefaults(tab));
  const toggleStatus = (value: number) => {
    const statuses = filters.statuses.includes(value) ? filters.statuses.filter((s) => s !== value) : [...filters.statuses, value];
    if (statuses.length > 0) reload({ ...filters, statuses });
  };
  const open = (row: IntakeIssue) => void fetchIntakeDetail(workspaceSlug, projectId, row.issue.id).catch(() => toast.error(t('intake.loadFailed')));

  if (project && !project.intake_view) {
    return (
      <AppShell workspaceSlug={workspaceSlug} title={t('intake.title')}>
        <EmptyState title={t('intake.disabledTitle')} body={t('intake.disabledBody')} icon={<Inbox size={22} />} />
      </AppShell>
    );
  }

  return (
    <AppShell
      workspaceSlug={workspaceSlug}
      title={t('intake.title')}
      actions={
        <Button onClick={() => setCreating(true)} data-testid="intake-create">
          <Plus size={16} aria-hidden="true" /> {t('intake.create')}
        </Button>
      }
    >
      <div className="intake-layout">
        <section className="card card-flush intake-list-pane">
          <div className="inbox-toolbar">
            <div role="tablist" className="inbox-tabs">
              {(['open', 'closed'] as const).map((tab) => (
                <button key={tab} type="button" role="tab" aria-selected={filters.tab === tab} className={filters.tab === tab ? 'inbox-tab inbox-tab-active' : 'inbox-tab'} onClick={() => switchTab(tab)} data-testid={`intake-tab-${tab}`}>
                  {t(tab === 'open' ? 'intake.tabOpen' : 'intake.tabClosed')}
                  {filters.tab === tab && total > 0 && <span className="inbox-count">{total}</span>}
                </button>
              ))}
            </div>
            <div className="inbox-filters">
              <label className="inbox-filter">
                <span className="sr-only">{t('intake.sort')}</span>
                <select className="input input-sm" value={filters.orderBy} onChange={(event) => reload({ ...filters, orderBy: event.target.value as IntakeOrder })} data-testid="intake-sort">
                  {ORDERS.map((order) => (
                    <option key={order} value={order}>{t(`intake.order.${order.replace(/^-/, '')}` as MessageKey)} {order.startsWith('-') ? '↓' : '↑'}</option>
                  ))}
                </select>
              </label>
              {(filters.tab === 'open' ? INTAKE_OPEN_STATUSES : INTAKE_CLOSED_STATUSES).map((value) => (
                <label key={value} className="inbox-filter">
                  <input type="checkbox" checked={filters.statuses.includes(value)} onChange={() => toggleStatus(value)} data-testid={`intake-status-${value}`} />
                  {t(STATUS_KEYS[value])}
                </label>
              ))}
            </div>
          </div>
          {status === 'error' ? (
            <EmptyState title={t('intake.loadFailed')} action={<Button variant="secondary" onClick={() => setRetry((value) => value + 1)}>{t('common.retry')}</Button>} />
          ) : status !== 'ready' && rows.length === 0 ? (
            <SkeletonRows />
          ) : rows.length === 0 ? (
            <EmptyState title={t(filters.tab === 'open' ? 'intake.emptyOpen' : 'intake.emptyClosed')} body={t('intake.emptyBody')} icon={<Inbox size={22} />} />
          ) : (
            <ul className="list" data-testid="intake-list">
              {rows.map((row) => (
                <li key={row.id} className={detail?.id === row.id ? 'list-row intake-row intake-row-active' : 'list-row intake-row'} data-testid="intake-row">
                  <button type="button" className="notification-open" onClick={() => open(row)} data-testid="intake-open">
                    <span className="notification-text">
                      <span className="list-row-title">{row.issue.name}</span>
                      <span className="list-row-subtitle muted">
                        {issueKey(project?.identifier, row.issue)} · {t(STATUS_KEYS[effectiveStatus(row)])}
                      </span>
                    </span>
                    {row.issue.created_at && <RelativeTime value={row.issue.created_at} className="muted" />}
                  </button>
                </li>
              ))}
            </ul>
          )}
          {hasMore && (
            <div className="inbox-more">
              <Button variant="ghost" busy={loadingMore} onClick={() => void fetchMoreIntake(workspaceSlug, projectId).catch(() => toast.error(t('intake.loadFailed')))} data-testid="intake-load-more">
                {t('inbox.loadMore')}
              </Button>
            </div>
          )}
        </section>
        <section className="card intake-detail-pane" data-testid="intake-detail">
          {detail ? <IntakeDetail workspaceSlug={workspaceSlug} projectId={projectId} /> : <EmptyState title={t('intake.pickOne')} icon={<Inbox size={22} />} />}
        </section>
      </div>
      {creating && <CreateIntakeDialog workspaceSlug={workspaceSlug} projectId={projectId} onClose={() => setCreating(false)} />}
    </AppShell>
  );
}

function IntakeDetail({ workspaceSlug, projectId }: { workspaceSlug: string; projectId: string }) {
  const t = useT();
  const detail = useIntakeList((state) => state.detail)!;
  const project = useProject(projectId);
  const me = useSessionStore((state) => state.user?.id ?? '');
  const isAdmin = (project?.member_role ?? 0) >= Role.ADMIN;
  const canDelete = isAdmin || detail.issue.created_by === me;
  const [picking, setPicking] = useState(false);
  const row: IntakeIssue = { ...detail, issue: { id: detail.issue.id, name: detail.issue.name, priority: detail.issue.priority, sequence_id: detail.issue.sequence_id, project_id: detail.issue.project_id, created_at: detail.issue.created_at, label_ids: detail.issue.label_ids, created_by: detail.issue.created_by } };
  const act = (change: Parameters<typeof triageIntake>[3], done: MessageKey) =>
    void triageIntake(workspaceSlug, projectId, row, change).then(
      () => toast.success(t(done)),
      () => toast.error(t('intake.actionFailed')),
    );
  const status = effectiveStatus(detail);
  return (
    <div className="intake-detail">
      <p className="muted">
        {issueKey(project?.identifier, detail.issue)} · <span data-testid="intake-detail-status">{t(STATUS_KEYS[status])}</span>
        {status === IntakeStatus.SNOOZED && detail.snoozed_till && <> · {t('intake.snoozedTill', { date: new Date(detail.snoozed_till).toLocaleString() })}</>}
      </p>
      <h2 className="intake-detail-title" data-testid="intake-detail-name">{detail.issue.name}</h2>
      {detail.duplicate_issue_detail && (
        <p className="muted">{t('intake.duplicateOf', { key: issueKey(project?.identifier, detail.duplicate_issue_detail), name: detail.duplicate_issue_detail.name })}</p>
      )}
      <div className="intake-description" dangerouslySetInnerHTML={{ __html: detail.issue.description_html }} />
      {isAdmin && (
        <div className="intake-actions">
          <Button onClick={() => act({ status: IntakeStatus.ACCEPTED }, 'intake.accepted')} disabled={status === IntakeStatus.ACCEPTED} data-testid="intake-accept">
            <Check size={14} aria-hidden="true" /> {t('intake.accept')}
          </Button>
          <Button variant="secondary" onClick={() => act({ status: IntakeStatus.DECLINED }, 'intake.declined')} disabled={status === IntakeStatus.DECLINED} data-testid="intake-decline">
            <X size={14} aria-hidden="true" /> {t('intake.decline')}
          </Button>
          <SnoozeMenu asButton testId="intake-snooze" onSnooze={(till) => act({ status: IntakeStatus.SNOOZED, snoozed_till: till }, 'intake.snoozed')} />
          <Button variant="secondary" onClick={() => setPicking(true)} data-testid="intake-duplicate">
            <Copy size={14} aria-hidden="true" /> {t('intake.markDuplicate')}
          </Button>
        </div>
      )}
      {canDelete && (
        <Button variant="ghost" size="sm" onClick={() => void deleteIntake(workspaceSlug, projectId, row).catch(() => toast.error(t('intake.actionFailed')))} data-testid="intake-delete">
          <Trash2 size={14} aria-hidden="true" /> {t('common.delete')}
        </Button>
      )}
      {picking && (
        <DuplicatePicker
          projectId={projectId}
          excludeId={detail.issue.id}
          onClose={() => setPicking(false)}
          onPick={(issueId) => {
            setPicking(false);
            act({ status: IntakeStatus.DUPLICATE, duplicate_to: issueId }, 'intake.markedDuplicate');
          }}
        />
      )}
    </div>
  );
}

const MAX_CANDIDATES = 300;

function DuplicatePicker({ projectId, excludeId, onPick, onClose }: { projectId: string; excludeId: string; onPick: (issueId: string) => void; onClose: () => void }) {
  const t = useT();
  const project = useProject(projectId);
  const issues = useIssues();
  const candidates = issues.filter((issue) => issue.project_id === projectId && issue.id !== excludeId).slice(0, MAX_CANDIDATES);
  return (
    <Dialog title={t('intake.duplicateTitle')} onClose={onClose} testId="intake-duplicate-dialog">
      <Combobox
        label={t('intake.duplicateTitle')}
        placeholder={t('intake.duplicateSearch')}
        options={candidates.map((issue) => {
          const key = issueKey(project?.identifier, issue);
          return { value: issue.id, label: `${key} ${issue.name}`, keywords: [key, issue.name] };
        })}
        selected={[]}
        onSelect={onPick}
        testId="intake-duplicate-picker"
      />
    </Dialog>
  );
}

function CreateIntakeDialog({ workspaceSlug, projectId, onClose }: { workspaceSlug: string; projectId: string; onClose: () => void }) {
  const t = useT();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [priority, setPriority] = useState('none');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      setError(t('intake.nameRequired'));
      return;
    }
    setBusy(true);
    try {
      const escaped = description.replace(/[&<>]/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;' })[char]!);
      await createIntakeIssue(workspaceSlug, projectId, { name: name.trim(), priority, description_html: escaped ? `<p>${escaped}</p>` : undefined });
      toast.success(t('intake.created'));
      onClose();
    } catch {
      setError(t('intake.actionFailed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog
      title={t('intake.create')}
      onClose={onClose}
      testId="intake-create-dialog"
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="submit" form="intake-create-form" busy={busy} data-testid="intake-create-submit">{t('intake.submit')}</Button>
        </>
      }
    >
      <form id="intake-create-form" onSubmit={(event) => void submit(event)} className="stack">
        <TextField label={t('intake.name')} value={name} onChange={(event) => setName(event.target.value)} error={error ?? undefined} maxLength={255} autoFocus data-testid="intake-create-name" />
        <label className="field-label">
          {t('intake.description')}
          <textarea className="input" rows={4} value={description} onChange={(event) => setDescription(event.target.value)} data-testid="intake-create-description" />
        </label>
        <SelectField label={t('intake.priority')} value={priority} onChange={(event) => setPriority(event.target.value)} data-testid="intake-create-priority">
          {PRIORITY_ORDER.map((value) => (
            <option key={value} value={value}>{t(`priority.${value}` as MessageKey)}</option>
          ))}
        </SelectField>
      </form>
    </Dialog>
  );
}
