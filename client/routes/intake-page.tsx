// `/{workspaceSlug}/projects/{projectId}/intake`: the project's triage inbox. Open and closed tabs,
// sort and status filters, load-more that stops when all are loaded; the selected submission's
// detail pane (components/inbox/intake-detail) with accept / decline / snooze / mark duplicate for
// admins; a form to submit a new issue to the intake.
import { ArrowDown, ArrowUp, Inbox, Plus } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import type { IntakeIssue } from '../api/types';
import { ApiError, readErrorText } from '../api/http';
import { useResource } from '../api/use-resource';
import { AppShell } from '../components/app-shell';
import { OutboxRowMarker } from '../components/app-shell/outbox-indicator';
import { SelectField, TextField } from '../components/field';
import { INTAKE_STATUS_KEYS, IntakeDetailPane } from '../components/inbox/intake-detail';
import { RelativeTime } from '../components/relative-time';
import { useT, type MessageKey } from '../i18n';
import { INTAKE_CLOSED_STATUSES, INTAKE_OPEN_STATUSES, PRIORITY_ORDER } from '../../shared/issue-constants';
import { issueKey } from '../stores/issue-store';
import {
  clearIntakeDetail,
  createIntakeIssue,
  effectiveStatus,
  fetchIntake,
  fetchIntakeDetail,
  fetchMoreIntake,
  tabDefaults,
  useIntakeList,
  useIntakeRows,
  useIntakeStatus,
  type IntakeOrder,
  type IntakeTab,
} from '../stores/intake-store';
import { useProject } from '../stores/project-store';
import { Button, Dialog, EmptyState, Select, SkeletonRows, Tab, TabList, TabPanel, Tabs, toast } from '../ui';
import './inbox.css';

const ORDERS: IntakeOrder[] = ['-issue__created_at', 'issue__created_at', '-issue__updated_at', 'issue__updated_at', '-issue__sequence_id', 'issue__sequence_id'];

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
  // The first page of the tab's filter, read into the intake store (which holds the rows and the
  // status shown, a filter's reload included); a retry reads it again with the current filters.
  const { reload: retry } = useResource(`${workspaceSlug}/${projectId}/intake`, async () => {
    clearIntakeDetail();
    await fetchIntake(workspaceSlug, projectId, useIntakeList.getState().filters);
  });

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
          <Tabs value={filters.tab} onValueChange={switchTab}>
            <div className="inbox-toolbar">
              <TabList label={t('intake.title')}>
                {(['open', 'closed'] as const).map((tab) => (
                  <Tab key={tab} value={tab} testId={`intake-tab-${tab}`}>
                    {t(tab === 'open' ? 'intake.tabOpen' : 'intake.tabClosed')}
                    {filters.tab === tab && total > 0 && <span className="inbox-count" data-testid="intake-count">{total}</span>}
                  </Tab>
                ))}
              </TabList>
              <div className="inbox-filters">
                <Select
                  className="input-sm"
                  label={t('intake.sort')}
                  value={filters.orderBy}
                  options={ORDERS.map((order) => ({
                    value: order,
                    label: t(order.startsWith('-') ? 'intake.orderDescending' : 'intake.orderAscending', { field: t(`intake.order.${order.replace(/^-/, '')}` as MessageKey) }),
                    icon: order.startsWith('-') ? <ArrowDown size={13} aria-hidden="true" /> : <ArrowUp size={13} aria-hidden="true" />,
                  }))}
                  onChange={(value) => reload({ ...filters, orderBy: value as IntakeOrder })}
                  testId="intake-sort"
                />
                {(filters.tab === 'open' ? INTAKE_OPEN_STATUSES : INTAKE_CLOSED_STATUSES).map((value) => (
                  <label key={value} className="inbox-filter">
                    <input type="checkbox" checked={filters.statuses.includes(value)} onChange={() => toggleStatus(value)} data-testid={`intake-status-${value}`} />
                    {t(INTAKE_STATUS_KEYS[value])}
                  </label>
                ))}
              </div>
            </div>
            <TabPanel value={filters.tab}>
              {status === 'error' ? (
                <EmptyState title={t('intake.loadFailed')} action={<Button variant="secondary" onClick={retry}>{t('common.retry')}</Button>} />
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
                            {issueKey(project?.identifier, row.issue)} · {t(INTAKE_STATUS_KEYS[effectiveStatus(row)])}
                          </span>
                        </span>
                        {row.issue.created_at && <RelativeTime value={row.issue.created_at} className="muted" />}
                      </button>
                      <OutboxRowMarker id={row.id} />
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
            </TabPanel>
          </Tabs>
        </section>
        <section className="card intake-detail-pane" data-testid="intake-detail">
          <IntakeDetailPane workspaceSlug={workspaceSlug} projectId={projectId} />
        </section>
      </div>
      {creating && <CreateIntakeDialog workspaceSlug={workspaceSlug} projectId={projectId} onClose={() => setCreating(false)} />}
    </AppShell>
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
      const answered = await createIntakeIssue(workspaceSlug, projectId, { name: name.trim(), priority, description_html: escaped ? `<p>${escaped}</p>` : undefined });
      if (answered) toast.success(t('intake.created'));
      else toast.info(t('intake.queued'));
      onClose();
    } catch (failure) {
      // Refused: it also stays under "changes not saved" with this message.
      setError((failure instanceof ApiError && readErrorText(failure.body)) || t('intake.actionFailed'));
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
        <SelectField
          label={t('intake.priority')}
          value={priority}
          options={PRIORITY_ORDER.map((value) => ({ value, label: t(`priority.${value}` as MessageKey) }))}
          onChange={setPriority}
          testId="intake-create-priority"
        />
      </form>
    </Dialog>
  );
}
