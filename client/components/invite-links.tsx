// Invitation links to hand over yourself: shown after inviting when the server sends no mail, so
// nobody is told "they will get an email" that never leaves (issue #10), and per pending invitation.
import type { WorkspaceInvitation } from '../api/types';
import { useT } from '../i18n';
import { Alert } from './alert';
import { CopyButton } from './copy-button';
import { Button } from '../ui';

/** The links of just-created invitations, each with a copy button, and a Done button. */
export function InviteLinks({ invitations, missing, onDone }: { invitations: WorkspaceInvitation[]; missing: string[]; onDone: () => void }) {
  const t = useT();
  return (
    <div className="stack" data-testid="invite-links">
      <Alert tone="info">{t('screens.invite.noMailBody')}</Alert>
      <ul className="plain-list">
        {invitations.map((invitation) => (
          <li key={invitation.id} className="invite-link-row" data-testid="invite-link-row" data-invitation-email={invitation.email}>
            <label className="field-label" htmlFor={`invite-link-${invitation.id}`}>{invitation.email}</label>
            <div className="secret">
              <input id={`invite-link-${invitation.id}`} className="input" readOnly value={invitation.invite_link ?? ''} onFocus={(event) => event.target.select()} data-testid="invite-link" />
              <CopyButton text={invitation.invite_link ?? ''} fallbackInputId={`invite-link-${invitation.id}`} testId="copy-invite-link" />
            </div>
          </li>
        ))}
      </ul>
      {missing.length > 0 && <p className="muted">{t('screens.invite.linksMissing', { emails: missing.join(', ') })}</p>}
      <div className="form-actions">
        <Button onClick={onDone} data-testid="invite-links-done">{t('screens.invite.done')}</Button>
      </div>
    </div>
  );
}
