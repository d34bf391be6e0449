// Workspace name + URL form with a live slug availability check (GET /api/workspace-slug-check/).
import { useEffect, useState, type FormEvent } from 'react';
import { ApiError } from '../api/http';
import type { Workspace } from '../api/types';
import { useFormError } from '../auth/use-form-error';
import { useT, type MessageKey } from '../i18n';
import { useInstanceStore } from '../stores/instance-store';
import { checkWorkspaceSlug, createWorkspace } from '../stores/workspace-store';
import { Alert } from './alert';
import { TextField } from './field';
import { Button } from '../ui';

const MAX_WORKSPACE_NAME = 80;
const MAX_WORKSPACE_SLUG = 48;
const SLUG_PATTERN = /^[a-zA-Z0-9_-]+$/;

/** Derives a URL slug from a workspace name ("Acme Inc." → "acme-inc"). */
function slugify(name: string): string {
  return name
    .trim()
    .toLowerCase()
    .replace(/[\s.]+/g, '-')
    .replace(/[^a-z0-9_-]/g, '')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, MAX_WORKSPACE_SLUG);
}

type SlugStatus = 'idle' | 'checking' | 'available' | 'taken' | 'invalid' | 'tooLong';

const SLUG_MESSAGES: Partial<Record<SlugStatus, MessageKey>> = {
  checking: 'workspace.slug.checking',
  available: 'workspace.slug.available',
  taken: 'workspace.slug.taken',
  invalid: 'workspace.slug.invalid',
  tooLong: 'workspace.slug.tooLong',
};

export function WorkspaceForm({ onCreated, submitLabel }: { onCreated: (workspace: Workspace) => void | Promise<void>; submitLabel?: string }) {
  const t = useT();
  const creationDisabled = useInstanceStore((state) => state.config?.is_workspace_creation_disabled === true);
  const [name, setName] = useState('');
  const [slug, setSlug] = useState('');
  const [slugEdited, setSlugEdited] = useState(false);
  const [slugStatus, setSlugStatus] = useState<SlugStatus>('idle');
  const [busy, setBusy] = useState(false);
  const errors = useFormError();

  useEffect(() => {
    if (!slug) return setSlugStatus('idle');
    if (slug.length > MAX_WORKSPACE_SLUG) return setSlugStatus('tooLong');
    if (!SLUG_PATTERN.test(slug)) return setSlugStatus('invalid');
    setSlugStatus('checking');
    const controller = new AbortController();
    const timer = setTimeout(() => {
      checkWorkspaceSlug(slug, controller.signal)
        .then((available) => setSlugStatus(available ? 'available' : 'taken'))
        .catch(() => {
          if (!controller.signal.aborted) setSlugStatus('idle');
        });
    }, 300);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [slug]);

  const handleNameChange = (value: string) => {
    setName(value);
    if (!slugEdited) setSlug(slugify(value));
  };

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim() || !slug) return errors.showMessage('common.required');
    setBusy(true);
    errors.clear();
    try {
      const workspace = await createWorkspace({ name: name.trim(), slug });
      await onCreated(workspace);
    } catch (error) {
      const body = error instanceof ApiError ? (error.body as Record<string, unknown> | undefined) : undefined;
      if (body && 'slug' in body) setSlugStatus('taken');
      else errors.showError(error);
    } finally {
      setBusy(false);
    }
  };

  if (creationDisabled) return <Alert tone="info">{t('workspace.create.disabled')}</Alert>;

  const nameError = name.length > MAX_WORKSPACE_NAME ? t('workspace.name.tooLong') : null;
  const slugBad = slugStatus === 'taken' || slugStatus === 'invalid' || slugStatus === 'tooLong';
  const slugMessage = SLUG_MESSAGES[slugStatus];
  const origin = typeof window === 'undefined' ? '' : window.location.host;

  return (
    <form className="form" onSubmit={handleSubmit} noValidate data-testid="workspace-form">
      {errors.banner && <Alert>{errors.banner}</Alert>}
      <TextField
        label={t('workspace.name.label')}
        autoFocus
        placeholder={t('workspace.name.placeholder')}
        value={name}
        maxLength={MAX_WORKSPACE_NAME + 1}
        onChange={(event) => handleNameChange(event.target.value)}
        error={nameError}
        data-testid="workspace-name-input"
      />
      <div className={`field${slugBad ? ' field-invalid' : ''}`}>
        <label className="field-label" htmlFor="workspace-slug">
          {t('workspace.slug.label')}
        </label>
        <div className="input-prefixed">
          <span className="input-prefix" aria-hidden="true">{origin}/</span>
          <input
            id="workspace-slug"
            className="input"
            value={slug}
            aria-invalid={slugBad || undefined}
            aria-describedby="workspace-slug-status"
            onChange={(event) => {
              setSlugEdited(true);
              setSlug(event.target.value.trim());
            }}
            data-testid="workspace-slug-input"
          />
        </div>
        <p
          id="workspace-slug-status"
          className={slugBad ? 'field-error' : slugStatus === 'available' ? 'field-success' : 'field-hint'}
          aria-live="polite"
          data-testid="workspace-slug-status"
          data-status={slugStatus}
        >
          {slugMessage ? t(slugMessage) : '\u00a0'}
        </p>
      </div>
      <Button
        type="submit"
        block
        busy={busy}
        disabled={!name.trim() || !!nameError || slugStatus !== 'available'}
        data-testid="create-workspace-button"
      >
        {busy ? t('workspace.create.creating') : (submitLabel ?? t('workspace.create.submit'))}
      </Button>
    </form>
  );
}
