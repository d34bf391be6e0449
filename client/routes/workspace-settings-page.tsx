// `/{workspaceSlug}/settings`: the workspace's name and logo, and deleting it. Only workspace admins
// may change or delete it (permission table `workspace.manage`); everyone else reads the same
// fields without a Save or a Delete, and a note says who can change them.
import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useFormError } from '../auth/use-form-error';
import { Alert } from '../components/alert';
import { AppShell } from '../components/app-shell';
import { TextField } from '../components/field';
import { WorkspaceAvatar } from '../components/workspace-switcher';
import { useT } from '../i18n';
import { Button, Dialog, toast } from '../ui';
import { can, memberContext } from '../../shared/permission-table';
import { deleteWorkspace, updateWorkspace, useWorkspace } from '../stores/workspace-store';
import type { Workspace } from '../api/types';

export function WorkspaceSettingsPage({ workspaceSlug }: { workspaceSlug: string }) {
  const t = useT();
  const workspace = useWorkspace(workspaceSlug);
  const [deleting, setDeleting] = useState(false);
  if (!workspace) return null;
  const canManage = can('workspace.manage', memberContext(workspace.role));
  return (
    <AppShell workspaceSlug={workspaceSlug} title={t('workspaceSettings.title')}>
      {!canManage && <Alert tone="info" testId="workspace-settings-read-only">{t('workspaceSettings.readOnly')}</Alert>}
      <GeneralSection workspace={workspace} canManage={canManage} />
      {canManage && (
        <section className="card settings-danger" data-testid="workspace-danger-zone">
          <h2 className="settings-card-title">{t('workspaceSettings.danger')}</h2>
          <p className="muted">{t('workspaceSettings.dangerBody')}</p>
          <div className="form-actions">
            <Button variant="danger" onClick={() => setDeleting(true)} data-testid="workspace-delete">{t('workspaceSettings.delete')}</Button>
          </div>
        </section>
      )}
      {deleting && <DeleteWorkspaceDialog workspace={workspace} onClose={() => setDeleting(false)} />}
    </AppShell>
  );
}

function GeneralSection({ workspace, canManage }: { workspace: Workspace; canManage: boolean }) {
  const t = useT();
  const [name, setName] = useState(workspace.name);
  const [logo, setLogo] = useState(workspace.logo ?? '');
  const [busy, setBusy] = useState(false);
  const [nameError, setNameError] = useState<string | null>(null);
  const errors = useFormError();
  // A rename from another tab or teammate shows here while nothing is being typed over it.
  useEffect(() => setName(workspace.name), [workspace.name]);
  useEffect(() => setLogo(workspace.logo ?? ''), [workspace.logo]);

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    errors.clear();
    setNameError(null);
    if (!name.trim()) return setNameError(t('workspaceSettings.nameRequired'));
    setBusy(true);
    try {
      await updateWorkspace(workspace.slug, { name: name.trim(), logo: logo.trim() || null });
      toast.success(t('workspaceSettings.saved'));
    } catch (error) {
      errors.showError(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="card form" onSubmit={(event) => void handleSubmit(event)} data-testid="workspace-settings-form">
      <h2 className="settings-card-title">{t('workspaceSettings.general')}</h2>
      {errors.banner && <Alert onDismiss={errors.clear}>{errors.banner}</Alert>}
      <div className="workspace-logo-row">
        <WorkspaceAvatar workspace={{ name: name || workspace.name, logo_url: logo.trim() || null }} size="lg" />
        <TextField
          label={t('workspaceSettings.logoUrl')}
          hint={t('workspaceSettings.logoHint')}
          value={logo}
          maxLength={800}
          disabled={!canManage}
          onChange={(event) => setLogo(event.target.value)}
          data-testid="workspace-logo-input"
        />
        {canManage && logo && (
          <Button variant="ghost" size="sm" onClick={() => setLogo('')} data-testid="workspace-logo-remove">{t('workspaceSettings.logoRemove')}</Button>
        )}
      </div>
      <TextField
        label={t('workspaceSettings.name')}
        value={name}
        maxLength={80}
        disabled={!canManage}
        error={nameError}
        onChange={(event) => setName(event.target.value)}
        data-testid="workspace-name-input"
      />
      <TextField label={t('workspaceSettings.url')} hint={t('workspaceSettings.urlHint')} value={`${window.location.origin}/${workspace.slug}`} readOnly />
      {canManage && (
        <div className="form-actions">
          <Button type="submit" busy={busy} data-testid="workspace-save">{t('workspaceSettings.save')}</Button>
        </div>
      )}
    </form>
  );
}

/** Deleting asks for the workspace's name, typed exactly, before the button wakes up. */
function DeleteWorkspaceDialog({ workspace, onClose }: { workspace: Workspace; onClose: () => void }) {
  const t = useT();
  const navigate = useNavigate();
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  const errors = useFormError();
  const matches = typed === workspace.name;

  const handleDelete = async () => {
    setBusy(true);
    const done = await errors.attempt(async () => {
      await deleteWorkspace(workspace.slug);
      onClose();
      // The root route sends me to another workspace of mine, or to onboarding when none is left.
      await navigate({ to: '/' });
    });
    if (!done) setBusy(false);
  };

  return (
    <Dialog
      title={t('workspaceSettings.deleteTitle', { workspace: workspace.name })}
      description={t('workspaceSettings.dangerBody')}
      onClose={onClose}
      testId="workspace-delete-dialog"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>{t('common.cancel')}</Button>
          <Button variant="danger" onClick={() => void handleDelete()} disabled={!matches} busy={busy} data-testid="workspace-delete-confirm">
            {t('workspaceSettings.deleteConfirm')}
          </Button>
        </>
      }
    >
      {errors.banner && <Alert>{errors.banner}</Alert>}
      <TextField
        label={t('workspaceSettings.deleteConfirmLabel', { workspace: workspace.name })}
        value={typed}
        autoComplete="off"
        onChange={(event) => setTyped(event.target.value)}
        data-testid="workspace-delete-name"
      />
    </Dialog>
  );
}
