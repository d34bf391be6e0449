// The intake screen's detail pane: a skeleton while a submission opens, then its key, status
// ("snoozed until" in the app's language), description and, while the request is open and for the
// roles the permission table lets triage, accept / decline / snooze / mark duplicate (an issue
// picker that searches the server as the person types, so the original can be any issue of the
// project, not only those the browser has loaded). A closed request, or a role that cannot triage,
// reads why there is nothing to do instead.
import { Check, Copy, Inbox, Trash2, X } from 'lucide-react';
import { useState } from 'react';
import type { IntakeIssue } from '../../api/types';
import { useLocale, useT, type MessageKey } from '../../i18n';
import { INTAKE_CLOSED_STATUSES, IntakeStatus } from '../../../shared/issue-constants';
import { useProjectCan } from '../../auth/use-project-can';
import { issueKey } from '../../stores/issue-store';
import { deleteIntake, effectiveStatus, reportIntakeFailure, triageIntake, useIntakeDetail, useIntakeList } from '../../stores/intake-store';
import { useProject } from '../../stores/project-store';
import { useSessionStore } from '../../stores/session-store';
import { Button, Combobox, Dialog, EmptyState, Skeleton, SkeletonRows, toast } from '../../ui';
import { formatDateTime } from '../format';
import { useIssueSearch } from '../issues/use-issue-search';
import { SnoozeMenu } from './snooze-menu';

export const INTAKE_STATUS_KEYS: Record<number, MessageKey> = {
  [IntakeStatus.PENDING]: 'intake.status.pending',
  [IntakeStatus.DECLINED]: 'intake.status.declined',
  [IntakeStatus.SNOOZED]: 'intake.status.snoozed',
  [IntakeStatus.ACCEPTED]: 'intake.status.accepted',
  [IntakeStatus.DUPLICATE]: 'intake.status.duplicate',
};

/** What the detail pane shows: the opening skeleton, the open submission, or a prompt to pick one. */
export function IntakeDetailPane({ workspaceSlug, projectId }: { workspaceSlug: string; projectId: string }) {
  const t = useT();
  const detail = useIntakeList((state) => state.detail);
  const opening = useIntakeList((state) => state.opening);
  if (opening) {
    return (
      <div className="intake-detail" data-testid="intake-detail-loading">
        <Skeleton width="30%" />
        <Skeleton width="70%" height={24} />
        <SkeletonRows rows={4} />
      </div>
    );
  }
  return detail ? <IntakeDetail workspaceSlug={workspaceSlug} projectId={projectId} /> : <EmptyState title={t('intake.pickOne')} icon={<Inbox size={22} />} />;
}

function IntakeDetail({ workspaceSlug, projectId }: { workspaceSlug: string; projectId: string }) {
  const t = useT();
  const locale = useLocale();
  // The row's waiting or live change applied: a triage here or in another browser shows at once.
  const detail = useIntakeDetail()!;
  const project = useProject(projectId);
  const canTriage = useProjectCan('project.triage', projectId);
  const me = useSessionStore((state) => state.user?.id ?? '');
  // The server's delete rule: whoever may triage, or the person who submitted it.
  const canDelete = canTriage || detail.issue.created_by === me;
  const [picking, setPicking] = useState(false);
  const row: IntakeIssue = { ...detail, issue: { id: detail.issue.id, name: detail.issue.name, priority: detail.issue.priority, sequence_id: detail.issue.sequence_id, project_id: detail.issue.project_id, created_at: detail.issue.created_at, label_ids: detail.issue.label_ids, created_by: detail.issue.created_by } };
  const act = (change: Parameters<typeof triageIntake>[3], done: MessageKey) =>
    void triageIntake(workspaceSlug, projectId, row, change).then((answered) => (answered ? toast.success(t(done)) : toast.info(t('intake.queued'))), reportIntakeFailure);
  const status = effectiveStatus(detail);
  const closed = (INTAKE_CLOSED_STATUSES as readonly number[]).includes(status);
  return (
    <div className="intake-detail">
      <p className="muted">
        {issueKey(project?.identifier, detail.issue)} · <span data-testid="intake-detail-status">{t(INTAKE_STATUS_KEYS[status])}</span>
        {status === IntakeStatus.SNOOZED && detail.snoozed_till && <> · <span data-testid="intake-detail-snoozed-till">{t('intake.snoozedTill', { date: formatDateTime(detail.snoozed_till, locale) })}</span></>}
      </p>
      <h2 className="intake-detail-title" data-testid="intake-detail-name">{detail.issue.name}</h2>
      {detail.duplicate_issue_detail && (
        <p className="muted" data-testid="intake-detail-duplicate-of">{t('intake.duplicateOf', { key: issueKey(project?.identifier, detail.duplicate_issue_detail), name: detail.duplicate_issue_detail.name })}</p>
      )}
      <div className="intake-description" dangerouslySetInnerHTML={{ __html: detail.issue.description_html }} />
      {closed ? (
        <p className="muted" data-testid="intake-closed-note">{t('intake.closedNote', { status: t(INTAKE_STATUS_KEYS[status]) })}</p>
      ) : !canTriage ? (
        <p className="muted" data-testid="intake-role-note">{t('intake.triageAdminOnly')}</p>
      ) : (
        <div className="intake-actions">
          <Button onClick={() => act({ status: IntakeStatus.ACCEPTED }, 'intake.accepted')} data-testid="intake-accept">
            <Check size={14} aria-hidden="true" /> {t('intake.accept')}
          </Button>
          <Button variant="secondary" onClick={() => act({ status: IntakeStatus.DECLINED }, 'intake.declined')} data-testid="intake-decline">
            <X size={14} aria-hidden="true" /> {t('intake.decline')}
          </Button>
          <SnoozeMenu asButton testId="intake-snooze" onSnooze={(till) => act({ status: IntakeStatus.SNOOZED, snoozed_till: till }, 'intake.snoozed')} />
          <Button variant="secondary" onClick={() => setPicking(true)} data-testid="intake-duplicate">
            <Copy size={14} aria-hidden="true" /> {t('intake.markDuplicate')}
          </Button>
        </div>
      )}
      {canDelete && (
        <Button variant="ghost" size="sm" onClick={() => void deleteIntake(workspaceSlug, projectId, row).catch(reportIntakeFailure)} data-testid="intake-delete">
          <Trash2 size={14} aria-hidden="true" /> {t('common.delete')}
        </Button>
      )}
      {picking && (
        <DuplicatePicker
          workspaceSlug={workspaceSlug}
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

/**
 * The original of a duplicate, found by the server's `search-issues/` as the person types (the
 * newest issues before a key is pressed); the submission's own issue is never offered.
 */
function DuplicatePicker({ workspaceSlug, projectId, excludeId, onPick, onClose }: { workspaceSlug: string; projectId: string; excludeId: string; onPick: (issueId: string) => void; onClose: () => void }) {
  const t = useT();
  const project = useProject(projectId);
  const [query, setQuery] = useState('');
  const { hits, loading } = useIssueSearch(workspaceSlug, projectId, query);
  return (
    <Dialog title={t('intake.duplicateTitle')} onClose={onClose} testId="intake-duplicate-dialog">
      <Combobox
        label={t('intake.duplicateTitle')}
        placeholder={t('intake.duplicateSearch')}
        options={hits
          .filter((issue) => issue.id !== excludeId)
          .map((issue) => {
            const key = issueKey(project?.identifier, issue);
            return { value: issue.id, label: `${key} ${issue.name}`, keywords: [key, issue.name] };
          })}
        selected={[]}
        onSelect={onPick}
        onQueryChange={setQuery}
        loading={loading}
        testId="intake-duplicate-picker"
      />
    </Dialog>
  );
}
