// The peek overlay: the issue detail over the list, opened by `peekId` in the URL search.
import { X } from 'lucide-react';
import { useEffect } from 'react';
import { Link } from '@tanstack/react-router';
import { useT } from '../../i18n';
import { useLandedId } from '../../outbox/work-outbox';
import { isTemporaryId } from '../../stores/create-entity-store';
import { getIssue, useIssue } from '../../stores/issue-store';
import { ApiError } from '../../api/http';
import { ErrorNotice } from '../error-boundary';
import { Spinner } from '../feedback';
import { IssueDetailBody, useIssueDetailLoader } from './issue-detail';

/** Gone or not visible to this member: retrying cannot help. Anything else (5xx, network) can. */
const isMissing = (error: unknown) => error instanceof ApiError && (error.status === 404 || error.status === 403);

/** `projectId`: where the issue lives, for screens (notifications) whose stores may not hold the issue yet. */
export function IssuePeek({ slug, issueId: shownId, projectId: knownProjectId, onClose }: { slug: string; issueId: string; projectId?: string; onClose: () => void }) {
  const t = useT();
  // An issue made offline is opened under its temporary id; once it lands the peek shows the real one.
  const issueId = useLandedId(shownId);
  const issue = useIssue(issueId);
  const projectId = issue?.project_id ?? getIssue(issueId)?.project_id ?? knownProjectId;
  const { status, error, retry } = useIssueDetailLoader(slug, projectId, issueId);
  useEffect(() => {
    // An Escape already used (closing the @mention list in the comment box) leaves the peek open.
    const handleKey = (event: KeyboardEvent) => event.key === 'Escape' && !event.defaultPrevented && !(event.target as HTMLElement).closest?.('.modal') && onClose();
    document.addEventListener('keydown', handleKey);
    return () => document.removeEventListener('keydown', handleKey);
  }, [onClose]);
  return (
    <div className="peek" role="dialog" aria-modal="false" aria-label={t('issue.peek')} data-testid="issue-peek">
      <div className="peek-header">
        {issue && !isTemporaryId(issueId) && (
          <Link to="/$workspaceSlug/projects/$projectId/issues/$issueId" params={{ workspaceSlug: slug, projectId: issue.project_id, issueId }} className="link-button" data-testid="open-full">
            {t('issue.openFull')}
          </Link>
        )}
        <button type="button" className="modal-close" aria-label={t('common.close')} onClick={onClose}><X size={18} aria-hidden="true" /></button>
      </div>
      {issue ? (
        <IssueDetailBody slug={slug} issue={issue} onDeleted={onClose} />
      ) : status === 'error' && isMissing(error) ? (
        <p className="muted" data-testid="issue-peek-error">{t('issue.notFound')}</p>
      ) : status === 'error' ? (
        <ErrorNotice error={error} onRetry={retry} />
      ) : (
        <Spinner />
      )}
    </div>
  );
}
