// Project settings "General": name, description, visibility and the active estimate, saved only by
// an explicit Save (PATCH …/projects/{id}/ with the changed fields). The form shows the saved
// values, marks unsaved changes, confirms a save ("Saved" and a toast) and keeps the typed values
// when the server refuses them, with the reason next to the form. Archive and delete live here too.
import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { readErrorText } from '../../api/http';
import { useT, type MessageKey, type Translate } from '../../i18n';
import { useProjectEstimates } from '../../stores/estimate-store';
import { deleteProject, setProjectArchived, updateProject, useProject } from '../../stores/project-store';
import { showToast } from '../../stores/toast-store';
import { ConfirmDialog } from '../confirm-dialog';
import { SelectField } from '../field';
import { changedFields, draftOf, validateDraft, type GeneralDraft } from './project-general-form';
import { ProjectNetwork } from '../../../shared/visibility';
import { can, memberContext } from '../../../shared/permission-table';
import { Button } from '../../ui';

type SaveState = { kind: 'idle' } | { kind: 'saving' } | { kind: 'saved' } | { kind: 'error'; message: string; fields: Record<string, string> };

/** Codes the project routes answer in place of a message (reference §5), as readable text. */
const SERVER_CODES: Record<string, MessageKey> = {
  PROJECT_NAME_ALREADY_EXIST: 'screens.settings.nameTaken',
  PROJECT_NAME_CANNOT_CONTAIN_SPECIAL_CHARACTERS: 'project.nameInvalid',
};

/** The first message per field of a 400 body (`{"name": ["…"]}`), codes made readable. */
function fieldMessages(body: unknown, t: Translate): Record<string, string> {
  if (!body || typeof body !== 'object') return {};
  return Object.fromEntries(
    Object.entries(body as Record<string, unknown>).flatMap(([key, value]) => {
      if (!Array.isArray(value) || typeof value[0] !== 'string') return [];
      const code = SERVER_CODES[value[0]];
      return [[key, code ? t(code) : value[0]]];
    }),
  );
}

export function GeneralSettings({ slug, projectId }: { slug: string; projectId: string }) {
  const t = useT();
  const navigate = useNavigate();
  const project = useProject(projectId);
  const estimates = useProjectEstimates(projectId);
  // Only what the person changed; untouched fields keep following the saved project (live too).
  const [edits, setEdits] = useState<Partial<GeneralDraft>>({});
  const [save, setSave] = useState<SaveState>({ kind: 'idle' });
  const [showErrors, setShowErrors] = useState(false);
  const [confirm, setConfirm] = useState<'archive' | 'delete' | null>(null);
  const draft = project ? { ...draftOf(project), ...edits } : null;
  const patch = project && draft ? changedFields(project, draft) : {};
  const dirty = Object.keys(patch).length > 0;

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  if (!project || !draft) return null;
  // Only the project role counts here (no workspace-admin bypass), as the screen has always shown it.
  const canEdit = can('project.manage', memberContext(null, project.member_role));
  const invalid = validateDraft(draft);
  const serverFields = save.kind === 'error' ? save.fields : {};
  const nameError = (showErrors && invalid.name ? t(invalid.name) : null) ?? serverFields.name ?? null;
  const descriptionError = (showErrors && invalid.description ? t(invalid.description) : null) ?? serverFields.description ?? null;
  const edit = (change: Partial<GeneralDraft>) => {
    setEdits((current) => ({ ...current, ...change }));
    if (save.kind === 'saved') setSave({ kind: 'idle' });
  };

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setShowErrors(true);
    if (!dirty || Object.keys(invalid).length > 0) return;
    setSave({ kind: 'saving' });
    try {
      await updateProject(slug, projectId, patch);
      setEdits({});
      setShowErrors(false);
      setSave({ kind: 'saved' });
      showToast({ kind: 'success', title: t('screens.settings.savedToast', { name: patch.name ?? project.name }) });
    } catch (error) {
      // The typed values stay in the form; the store already rolled its copy back.
      const body = (error as { body?: unknown } | null)?.body;
      const fields = fieldMessages(body, t);
      setSave({ kind: 'error', message: Object.values(fields)[0] ?? readErrorText(body) ?? t('common.errorGeneric'), fields });
    }
  };

  // An active estimate that is not loaded yet still shows as chosen, never as "Estimates off".
  const estimateOptions = draft.estimate && !estimates.some((row) => row.id === draft.estimate) ? [{ id: draft.estimate, name: t('common.loading') }, ...estimates] : estimates;

  return (
    <section className="settings-card">
      <form className="form" onSubmit={(event) => void handleSubmit(event)} noValidate data-testid="settings-general-form" data-dirty={dirty}>
        {!canEdit && <p className="muted">{t('settings.adminOnly')}</p>}
        <div className={`field${nameError ? ' field-invalid' : ''}`}>
          <label className="field-label" htmlFor="settings-project-name">{t('project.name')}</label>
          <input id="settings-project-name" className="input" value={draft.name} disabled={!canEdit} aria-invalid={nameError ? true : undefined} aria-describedby={nameError ? 'settings-project-name-error' : undefined} onChange={(event) => edit({ name: event.target.value })} data-testid="settings-project-name" />
          {nameError && <p className="field-error" id="settings-project-name-error" role="alert">{nameError}</p>}
        </div>
        <div className={`field${descriptionError ? ' field-invalid' : ''}`}>
          <label className="field-label" htmlFor="settings-project-description">{t('project.description')}</label>
          <textarea id="settings-project-description" className="input" rows={3} value={draft.description} disabled={!canEdit} aria-invalid={descriptionError ? true : undefined} onChange={(event) => edit({ description: event.target.value })} data-testid="settings-project-description" />
          {descriptionError && <p className="field-error" role="alert">{descriptionError}</p>}
        </div>
        <SelectField
          label={t('project.visibility')}
          value={String(draft.network)}
          disabled={!canEdit}
          options={[{ value: String(ProjectNetwork.PUBLIC), label: t('project.public') }, { value: String(ProjectNetwork.SECRET), label: t('project.private') }]}
          onChange={(network) => edit({ network: Number(network) })}
          testId="settings-project-network"
        />
        <SelectField
          label={t('property.estimate')}
          value={draft.estimate}
          disabled={!canEdit}
          options={[{ value: '', label: t('settings.estimatesOff') }, ...estimateOptions.map((estimate) => ({ value: estimate.id, label: estimate.name }))]}
          onChange={(estimate) => edit({ estimate })}
          testId="settings-project-estimate"
        />
        {save.kind === 'error' && <p className="field-error" role="alert" data-testid="settings-save-error">{t('screens.settings.saveFailed', { reason: save.message })}</p>}
        {canEdit && (
          <div className="form-actions">
            <span className="muted" role="status" data-testid="settings-save-status">
              {save.kind === 'saved' ? t('common.saved') : dirty ? t('screens.settings.unsaved') : ''}
            </span>
            <Button variant="ghost" disabled={!dirty || save.kind === 'saving'} onClick={() => { setEdits({}); setShowErrors(false); setSave({ kind: 'idle' }); }} data-testid="settings-discard">{t('screens.settings.discard')}</Button>
            <Button type="submit" busy={save.kind === 'saving'} disabled={!dirty} data-testid="settings-save">{t('common.save')}</Button>
          </div>
        )}
      </form>
      <div className="form-actions">
        <Button variant="secondary" onClick={() => setConfirm('archive')} data-testid="archive-project">{t('project.archive')}</Button>
        <Button variant="danger" onClick={() => setConfirm('delete')} data-testid="delete-project">{t('project.delete')}</Button>
      </div>
      {confirm && (
        <ConfirmDialog
          title={t(confirm === 'archive' ? 'project.archive' : 'project.delete')}
          message={t(confirm === 'archive' ? 'project.archiveBody' : 'project.deleteBody', { name: project.name })}
          confirmLabel={t(confirm === 'archive' ? 'project.archive' : 'project.delete')}
          onClose={() => setConfirm(null)}
          onConfirm={async () => {
            if (confirm === 'archive') await setProjectArchived(slug, projectId, true);
            else await deleteProject(slug, projectId);
            void navigate({ to: '/$workspaceSlug/projects', params: { workspaceSlug: slug } });
          }}
        />
      )}
    </section>
  );
}
