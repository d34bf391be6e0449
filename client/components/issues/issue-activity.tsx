// The issue's timeline: history rows and comments in time order, each with how long ago it
// happened. Rows arrive live (issue_activity and comment events), so an open detail or peek
// shows what others change without a reload.
import { useMemo } from 'react';
import { useLocale, useT } from '../../i18n';
import { fetchIssueActivity, useIssueActivity, useIssueActivityStatus, type Activity } from '../../stores/issue-activity-store';
import { useEstimatePointMap } from '../../stores/estimate-store';
import { useIssueDetail } from '../../stores/issue-detail-store';
import type { Issue } from '../../stores/issue-store';
import { useLabelMap } from '../../stores/label-store';
import { useMemberUserMap } from '../../stores/member-store';
import { useSessionStore } from '../../stores/session-store';
import { useStateMap } from '../../stores/state-store';
import { Spinner } from '../feedback';
import { RelativeTime } from '../relative-time';
import { formatActivity, type ActivityLookups } from './activity-format';
import { CommentBox, CommentItem } from './issue-comments';
import { toastOnFailure } from '../../stores/toast-store';

/** Current names from the workspace's stores, for the activity sentences. */
export function useActivityLookups(): ActivityLookups {
  const users = useMemberUserMap();
  const states = useStateMap();
  const labels = useLabelMap();
  const points = useEstimatePointMap();
  return useMemo(
    () => ({
      userName: (id) => users.get(id)?.display_name,
      stateName: (id) => states.get(id)?.name,
      labelName: (id) => labels.get(id)?.name,
      estimateValue: (id) => points.get(id)?.value,
    }),
    [users, states, labels, points],
  );
}

export function IssueActivity({ slug, issue }: { slug: string; issue: Issue }) {
  const t = useT();
  const detail = useIssueDetail(issue.id);
  const activity = useIssueActivity(issue.id);
  const status = useIssueActivityStatus(issue.id);
  const users = useMemberUserMap();
  const me = useSessionStore((state) => state.user?.id ?? '');
  const timeline = useMemo(
    () => [...activity.map((row) => ({ kind: 'activity' as const, row })), ...detail.comments.map((row) => ({ kind: 'comment' as const, row }))].sort((a, b) => (a.row.created_at ?? '').localeCompare(b.row.created_at ?? '')),
    [activity, detail.comments],
  );
  return (
    <section className="activity" aria-label={t('issue.activity')}>
      <h3 className="section-title">{t('issue.activity')}</h3>
      {status === 'loading' && timeline.length === 0 && <Spinner />}
      {status === 'error' && (
        <p className="muted" role="alert">
          {t('activity.loadFailed')}{' '}
          <button type="button" className="link-button" onClick={() => toastOnFailure(fetchIssueActivity(slug, issue.project_id, issue.id), 'toast.refreshFailed')}>{t('common.retry')}</button>
        </p>
      )}
      {status === 'ready' && timeline.length === 0 && <p className="muted">{t('activity.empty')}</p>}
      <ol className="timeline" data-testid="activity-timeline">
        {timeline.map((item) =>
          item.kind === 'comment' ? (
            <CommentItem key={`c-${item.row.id}`} slug={slug} issue={issue} comment={item.row} me={me} author={users.get(item.row.actor ?? item.row.created_by ?? '')?.display_name ?? '…'} />
          ) : (
            <ActivityItem key={`a-${item.row.id}`} row={item.row} />
          ),
        )}
      </ol>
      <CommentBox slug={slug} issue={issue} me={me} />
    </section>
  );
}

function ActivityItem({ row }: { row: Activity }) {
  const t = useT();
  const locale = useLocale();
  const lookups = useActivityLookups();
  return (
    <li className="timeline-activity" data-testid="activity-row" data-field={row.field ?? 'created'}>
      <span>{formatActivity(row, lookups, t, locale)}</span>
      <span aria-hidden="true"> · </span>
      {row.created_at && <RelativeTime value={row.created_at} />}
    </li>
  );
}
