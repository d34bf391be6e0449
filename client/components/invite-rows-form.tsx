// Email + role rows for inviting people to a workspace (POST …/invitations/ {emails:[{email, role}]}).
// When the server sends no mail, it says so before sending and then shows each invitation's link
// to copy instead of pretending an email went out.
import { X } from 'lucide-react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Role } from '../../shared/roles';
import { useFormError } from '../auth/use-form-error';
import { useT } from '../i18n';
import type { WorkspaceInvitation } from '../api/types';
import { fetchWorkspaceInvitations, inviteMembers, type InviteRow } from '../stores/invitation-store';
import { useMailConfigured } from '../stores/instance-store';
import { Alert } from './alert';
import { InviteLinks } from './invite-links';
import { RoleSelect } from './role-select';
import { Button } from '../ui';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function InviteRowsForm({ workspaceSlug, maxRole = Role.ADMIN, onSent, submitLabel, secondaryAction }: {
  workspaceSlug: string;
  maxRole?: number;
  /** After sending; `emailed` is false when the server has no mail (the links were shown instead). */
  onSent: (rows: InviteRow[], outcome: { emailed: boolean }) => void | Promise<void>;
  submitLabel?: string;
  secondaryAction?: ReactNode;
}) {
  const t = useT();
  const [rows, setRows] = useState<InviteRow[]>([{ email: '', role: Role.MEMBER }]);
  const [busy, setBusy] = useState(false);
  const [invalidRows, setInvalidRows] = useState<Set<number>>(new Set());
  const errors = useFormError();
  const mailConfigured = useMailConfigured();
  const [links, setLinks] = useState<{ rows: InviteRow[]; invitations: WorkspaceInvitation[]; missing: string[] } | null>(null);

  const updateRow = (index: number, patch: Partial<InviteRow>) =>
    setRows((current) => current.map((row, i) => (i === index ? { ...row, ...patch } : row)));

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    errors.clear();
    const filled = rows.map((row, index) => ({ ...row, email: row.email.trim(), index })).filter((row) => row.email);
    const invalid = new Set(filled.filter((row) => !EMAIL_PATTERN.test(row.email)).map((row) => row.index));
    setInvalidRows(invalid);
    if (filled.length === 0) return errors.showMessage('inviteModal.noEmails');
    if (invalid.size > 0) return;
    setBusy(true);
    try {
      const payload = filled.map(({ email, role }) => ({ email, role }));
      await inviteMembers(workspaceSlug, payload);
      if (mailConfigured === false) {
        const emails = new Set(payload.map((row) => row.email.toLowerCase()));
        const invitations = (await fetchWorkspaceInvitations(workspaceSlug)).filter((row) => emails.has(row.email.toLowerCase()) && row.invite_link);
        const found = new Set(invitations.map((row) => row.email.toLowerCase()));
        setLinks({ rows: payload, invitations, missing: [...emails].filter((email) => !found.has(email)) });
        return;
      }
      await onSent(payload, { emailed: true });
    } catch (error) {
      errors.showError(error);
    } finally {
      setBusy(false);
    }
  };

  if (links) return <InviteLinks invitations={links.invitations} missing={links.missing} onDone={() => void onSent(links.rows, { emailed: false })} />;

  return (
    <form className="form" onSubmit={handleSubmit} noValidate data-testid="invite-form">
      {errors.banner && <Alert>{errors.banner}</Alert>}
      {mailConfigured === false && <p className="muted" data-testid="invite-no-mail">{t('screens.invite.noMailHint')}</p>}
      <div className="invite-rows">
        {rows.map((row, index) => (
          <div className="invite-row" key={index}>
            <div className="invite-row-email">
              <label className="sr-only" htmlFor={`invite-email-${index}`}>{t('inviteModal.email')}</label>
              <input
                id={`invite-email-${index}`}
                className="input"
                type="email"
                autoFocus={index === 0}
                placeholder={t('auth.email.placeholder')}
                value={row.email}
                aria-invalid={invalidRows.has(index) || undefined}
                onChange={(event) => updateRow(index, { email: event.target.value })}
                data-testid="invite-email-input"
              />
              {invalidRows.has(index) && <p className="field-error" role="alert">{t('common.invalidEmail')}</p>}
            </div>
            <label className="sr-only" htmlFor={`invite-role-${index}`}>{t('inviteModal.role')}</label>
            <RoleSelect
              id={`invite-role-${index}`}
              value={row.role}
              maxRole={maxRole}
              onChange={(role) => updateRow(index, { role })}
              label={t('inviteModal.role')}
              testId="invite-role-select"
            />
            <button
              type="button"
              className="icon-button"
              aria-label={t('inviteModal.removeRow')}
              disabled={rows.length === 1}
              onClick={() => setRows((current) => current.filter((_, i) => i !== index))}
            >
              <X size={16} aria-hidden="true" />
            </button>
          </div>
        ))}
      </div>
      <button
        type="button"
        className="link-button"
        onClick={() => setRows((current) => [...current, { email: '', role: Role.MEMBER }])}
        data-testid="invite-add-row"
      >
        + {t('inviteModal.addRow')}
      </button>
      <div className="form-actions">
        {secondaryAction}
        <Button type="submit" busy={busy} data-testid="invite-submit-button">
          {busy ? t('inviteModal.sending') : (submitLabel ?? t('inviteModal.submit'))}
        </Button>
      </div>
    </form>
  );
}
