// The peek overlay: the issue detail over the list, opened by `peekId` in the URL search.
import { X } from 'lucide-react';
import { useEffect } from 'react';
import { Link } from '@tanstack/react-router';
import { useT } from '../../i18n';
import { getIssue, useIssue } from '../../stores/issue-store';
import { Spinner } from '../feedback';
import { IssueDetailBody, useIssueDetailLoader } from './issue-detail';

export function IssuePeek({ slug, issueId, onClose }: { slug: string; issueId: string; onClose: () => void }) {
  const t = useT();
  const issue = useIssue(issueId);
  const projectId = issue?.project_id ?? getIssue(issueId)?.project_id;
  useIssueDetailLoader(slug, projectId, issueId);
  useEffect(() => {
    const handleKey = (event: KeyboardEvent) => event.key === 'Escape' && !(event.target as HTMLElement).closest?.('.modal') && onClose();
    document.addEventListener('keydown', handleKey);
    return () => document.removeEventListener('keydown', handleKey);
  }, [onClose]);
  return (
    <div className="peek" role="dialog" aria-modal="false" aria-label={t('issue.peek')} data-testid="issue-peek">
      <div className="peek-header">
        {issue && (
          <Link to="/$workspaceSlug/projects/$projectId/issues/$issueId" params={{ workspaceSlug: slug, projectId: issue.project_id, issueId }} className="link-button" data-testid="open-full">
            {t('issue.openFull')}
          </Link>
        )}
        <button type="button" className="modal-close" aria-label={t('common.close')} onClick={onClose}><X size={18} aria-hidden="true" /></button>
      </div>
      {issue ? <IssueDetailBody slug={slug} issue={issue} onDeleted={onClose} /> : <Spinner />}
    </div>
  );
}
