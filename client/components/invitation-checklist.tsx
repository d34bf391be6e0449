// A checklist of invitations addressed to me, with one "join" action.
import { useState, type FormEvent } from 'react';
import type { WorkspaceInvitation } from '../api/types';
import { useT } from '../i18n';
import { roleLabel } from './role-select';
import { WorkspaceAvatar } from './workspace-switcher';
import { Button } from '../ui';

export function InvitationChecklist({ invitations, busy, submitLabel, onSubmit }: {
  invitations: WorkspaceInvitation[];
  busy: boolean;
  submitLabel: string;
  onSubmit: (ids: string[]) => void | Promise<void>;
}) {
  const t = useT();
  const [selected, setSelected] = useState<Set<string>>(() => new Set(invitations.map((invitation) => invitation.id)));

  const toggle = (id: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (selected.size > 0) void onSubmit([...selected]);
  };

  return (
    <form className="form" onSubmit={handleSubmit}>
      <ul className="choice-list">
        {invitations.map((invitation) => {
          const workspace = typeof invitation.workspace === 'object' ? invitation.workspace : { name: invitation.email, slug: '' };
          return (
            <li key={invitation.id}>
              <label className={`choice${selected.has(invitation.id) ? ' choice-selected' : ''}`}>
                <input
                  type="checkbox"
                  checked={selected.has(invitation.id)}
                  onChange={() => toggle(invitation.id)}
                  data-testid={`invitation-checkbox-${invitation.id}`}
                />
                <WorkspaceAvatar workspace={workspace} />
                <span className="choice-text">
                  <span className="choice-title">{workspace.name}</span>
                  <span className="choice-subtitle">{t('invitations.invitedAs', { role: roleLabel(t, invitation.role) })}</span>
                </span>
              </label>
            </li>
          );
        })}
      </ul>
      <Button type="submit" block busy={busy} disabled={selected.size === 0} data-testid="accept-invitations-button">
        {busy ? t('invitations.accepting') : submitLabel}
      </Button>
    </form>
  );
}
