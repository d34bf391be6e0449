// `/{workspaceSlug}/settings/api-tokens`: list, create (the secret is shown once), delete.
import { KeyRound } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import type { ApiToken } from '../api/types';
import { useFormError } from '../auth/use-form-error';
import { Alert } from '../components/alert';
import { AppShell } from '../components/app-shell';
import { CopyButton } from '../components/copy-button';
import { ConfirmDialog } from '../components/confirm-dialog';
import { EmptyState, Spinner } from '../components/feedback';
import { SelectField, TextField } from '../components/field';
import { formatDate } from '../components/format';
import { useLocale, useT } from '../i18n';
import { createApiToken, deleteApiToken, useApiTokens, useApiTokensStatus } from '../stores/api-token-store';
import { useWorkspace } from '../stores/workspace-store';
import { can, memberContext } from '../../shared/permission-table';
import { Button, Dialog } from '../ui';

const EXPIRY_DAYS = [7, 30, 90] as const;

/** The ISO expiry for "in N days", or null for never. */
function expiryFromDays(days: number | null, now = new Date()): string | null {
  return days === null ? null : new Date(now.getTime() + days * 24 * 60 * 60 * 1000).toISOString();
}

export function ApiTokensSettingsPage({ workspaceSlug }: { workspaceSlug: string }) {
  const t = useT();
  const locale = useLocale();
  const tokens = useApiTokens(workspaceSlug);
  const status = useApiTokensStatus(workspaceSlug);
  const [creating, setCreating] = useState(false);
  const [secret, setSecret] = useState<ApiToken | null>(null);
  const [deleting, setDeleting] = useState<ApiToken | null>(null);
  const errors = useFormError();
  // Workspace guests have no API tokens (`workspace.api-tokens`): say so instead of offering a 403.
  const allowed = can('workspace.api-tokens', memberContext(useWorkspace(workspaceSlug)?.role));

  if (!allowed) {
    return (
      <AppShell workspaceSlug={workspaceSlug} title={t('apiTokens.title')}>
        <Alert tone="info">{t('apiTokens.membersOnly')}</Alert>
      </AppShell>
    );
  }

  const describeToken = (token: ApiToken) => {
    const isExpired = !!token.expired_at && new Date(token.expired_at).getTime() < Date.now();
    const expiry = isExpired ? t('apiTokens.expired') : token.expired_at ? t('apiTokens.expiresOn', { date: formatDate(token.expired_at, locale) }) : t('apiTokens.noExpiry');
    const used = token.last_used ? t('apiTokens.lastUsed', { date: formatDate(token.last_used, locale) }) : t('apiTokens.neverUsed');
    return { expiry, used, isExpired };
  };

  return (
    <AppShell
      workspaceSlug={workspaceSlug}
      title={t('apiTokens.title')}
      actions={<Button onClick={() => setCreating(true)} data-testid="create-api-token-button">{t('apiTokens.create')}</Button>}
    >
      <p className="page-lead">{t('apiTokens.subtitle', { workspace: workspaceSlug })}</p>
      {errors.banner && <Alert onDismiss={errors.clear}>{errors.banner}</Alert>}
      <section className="card card-flush">
        {status !== 'ready' && tokens.length === 0 ? (
          status === 'error' ? null : <Spinner />
        ) : tokens.length === 0 ? (
          <EmptyState title={t('apiTokens.emptyTitle')} body={t('apiTokens.emptyBody')} icon={<KeyRound size={22} />} />
        ) : (
          <ul className="list" data-testid="api-token-list">
            {tokens.map((token) => {
              const info = describeToken(token);
              return (
                <li key={token.id} className="list-row" data-testid="api-token-row">
                  <div className="list-row-main">
                    <span className="list-row-title">{token.label}</span>
                    {token.description && <span className="list-row-subtitle">{token.description}</span>}
                    <span className="list-row-meta">
                      <span className={info.isExpired ? 'badge badge-danger' : 'badge badge-muted'}>{info.expiry}</span>
                      <span className="muted">{info.used}</span>
                    </span>
                  </div>
                  <Button variant="ghost" size="sm" onClick={() => setDeleting(token)} data-testid="delete-api-token-button">
                    {t('common.delete')}
                  </Button>
                </li>
              );
            })}
          </ul>
        )}
      </section>
      {creating && (
        <CreateTokenModal
          workspaceSlug={workspaceSlug}
          onClose={() => setCreating(false)}
          onCreated={(token) => {
            setCreating(false);
            setSecret(token);
          }}
        />
      )}
      {secret && <TokenSecretModal token={secret} onClose={() => setSecret(null)} />}
      {deleting && (
        <ConfirmDialog
          title={t('common.delete')}
          message={t('apiTokens.deleteConfirm', { label: deleting.label })}
          confirmLabel={t('common.delete')}
          onConfirm={() => deleteApiToken(workspaceSlug, deleting.id)}
          onClose={() => setDeleting(null)}
        />
      )}
    </AppShell>
  );
}

function CreateTokenModal({ workspaceSlug, onClose, onCreated }: { workspaceSlug: string; onClose: () => void; onCreated: (token: ApiToken) => void }) {
  const t = useT();
  const [label, setLabel] = useState('');
  const [description, setDescription] = useState('');
  const [days, setDays] = useState<string>('never');
  const [busy, setBusy] = useState(false);
  const errors = useFormError();

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!label.trim()) return errors.showMessage('common.required');
    setBusy(true);
    const done = await errors.attempt(async () => {
      const token = await createApiToken(workspaceSlug, {
        label: label.trim(),
        description: description.trim() || undefined,
        expired_at: expiryFromDays(days === 'never' ? null : Number(days)),
      });
      onCreated(token);
    });
    if (!done) setBusy(false);
  };

  return (
    <Dialog title={t('apiTokens.create')} onClose={onClose} testId="create-api-token-modal">
      <form className="form" onSubmit={handleSubmit} noValidate>
        {errors.banner && <Alert>{errors.banner}</Alert>}
        <TextField
          label={t('apiTokens.label')}
          autoFocus
          placeholder={t('apiTokens.labelPlaceholder')}
          value={label}
          onChange={(event) => setLabel(event.target.value)}
          data-testid="api-token-label-input"
        />
        <TextField
          label={t('apiTokens.description')}
          optional
          value={description}
          onChange={(event) => setDescription(event.target.value)}
          data-testid="api-token-description-input"
        />
        <SelectField
          label={t('apiTokens.expiry')}
          value={days}
          options={[
            { value: 'never', label: t('apiTokens.expiry.never') },
            ...EXPIRY_DAYS.map((value) => ({ value: String(value), label: t('apiTokens.expiry.days', { days: value }) })),
          ]}
          onChange={setDays}
          testId="api-token-expiry-select"
        />
        <div className="form-actions">
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" busy={busy} disabled={!label.trim()} data-testid="api-token-submit-button">
            {busy ? t('apiTokens.creating') : t('apiTokens.create')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

function TokenSecretModal({ token, onClose }: { token: ApiToken; onClose: () => void }) {
  const t = useT();
  return (
    <Dialog
      title={t('apiTokens.secretTitle')}
      onClose={onClose}
      testId="api-token-secret-modal"
      footer={<Button onClick={onClose} data-testid="api-token-done-button">{t('apiTokens.done')}</Button>}
    >
      <Alert tone="info">{t('apiTokens.secretBody')}</Alert>
      <div className="secret">
        <code className="secret-value" data-testid="api-token-secret">{token.token}</code>
        <CopyButton text={token.token ?? ''} testId="copy-token-button" />
      </div>
    </Dialog>
  );
}
