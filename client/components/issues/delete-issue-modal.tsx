// The delete-issue confirmation; the issue disappears at once and a toast offers Undo: the delete
// is sent once the toast has gone, and comes back if the server refuses.
import { useT } from '../../i18n';
import { deleteIssue, issueKey, type Issue } from '../../stores/issue-store';
import { useProject } from '../../stores/project-store';
import { undoWindow } from '../../ui/toast';
import { shortenForToast, toastOnFailure } from '../../stores/toast-store';
import { ConfirmDialog } from '../confirm-dialog';

export function DeleteIssueModal({ slug, issue, onClose, onDeleted }: { slug: string; issue: Issue; onClose: () => void; onDeleted?: () => void }) {
  const t = useT();
  const project = useProject(issue.project_id);
  return (
    <ConfirmDialog
      title={t('issue.deleteTitle', { key: issueKey(project?.identifier, issue) })}
      message={t('issue.deleteBody')}
      confirmLabel={t('common.delete')}
      onClose={onClose}
      onConfirm={async () => {
        onDeleted?.();
        void toastOnFailure(deleteIssue(slug, issue.id, { undoWindow: () => undoWindow(t('toast.issueDeleted', { name: shortenForToast(issue.name) })) }));
      }}
    />
  );
}
