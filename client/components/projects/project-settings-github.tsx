// Project settings → Integrations → GitHub (issue #15): link the project to a repository (owner,
// name, token, optional GitHub Enterprise API URL) and import its labels, issues and comments. The
// import runs on the server; while it runs its counts are polled and shown, with the last error and
// a rate-limit wait. The token is write-only: once stored the form says so and may leave it blank.
import { FolderGit2, RefreshCw } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { ApiError, readErrorText } from '../../api/http';
import type { RepositorySync } from '../../api/types';
import { useLocale, useT, type MessageKey } from '../../i18n';
import { can, memberContext } from '../../../shared/permission-table';
import { isSyncActive, linkRepository, useGithubSync, useGithubSyncLoader, useGithubSyncStatus } from '../../stores/github-sync-store';
import { useProject } from '../../stores/project-store';
import { Button, EmptyState, SkeletonRows, toast } from '../../ui';
import { Alert } from '../alert';
import { ErrorNotice } from '../error-boundary';
import { PasswordField, TextField } from '../field';
import { formatDateTime } from '../format';

const STATUS_KEYS: Record<RepositorySync['status'], MessageKey> = {
  idle: 'integrations.github.status.idle',
  queued: 'integrations.github.status.queued',
  running: 'integrations.github.status.running',
  waiting: 'integrations.github.status.waiting',
  done: 'integrations.github.status.done',
  failed: 'integrations.github.status.failed',
};
const BADGE: Record<RepositorySync['status'], string> = {
  idle: 'badge badge-muted',
  queued: 'badge badge-muted',
  running: 'badge',
  waiting: 'badge',
  done: 'badge badge-success',
  failed: 'badge badge-danger',
};
const PHASE_KEYS = {
  repository: 'integrations.github.phase.repository',
  labels: 'integrations.github.phase.labels',
  issues: 'integrations.github.phase.issues',
  comments: 'integrations.github.phase.comments',
} as const satisfies Record<string, MessageKey>;
const COUNTS = [
  ['issues_imported', 'integrations.github.count.issues'],
  ['issues_updated', 'integrations.github.count.updated'],
  ['comments_imported', 'integrations.github.count.comments'],
  ['labels_imported', 'integrations.github.count.labels'],
  ['pull_requests_skipped', 'integrations.github.count.pullRequests'],
] as const satisfies ReadonlyArray<readonly [keyof RepositorySync, MessageKey]>;

type FieldName = 'owner' | 'name' | 'token' | 'base_url';

export function GithubIntegrationSettings({ slug, projectId }: { slug: string; projectId: string }) {
  const t = useT();
  const project = useProject(projectId);
  const isAdmin = can('project.admin', memberContext(null, project?.member_role));
  if (!isAdmin) return <Alert tone="info">{t('integrations.github.adminsOnly')}</Alert>;
  return <GithubSyncPanel slug={slug} projectId={projectId} />;
}

function GithubSyncPanel({ slug, projectId }: { slug: string; projectId: string }) {
  const t = useT();
  const sync = useGithubSync(projectId);
  const { status, error } = useGithubSyncStatus(projectId);
  const { reload } = useGithubSyncLoader(slug, projectId);
  const [editing, setEditing] = useState(false);

  if (!sync && status === 'error') return <ErrorNotice error={error} onRetry={() => void reload()} />;
  if (!sync && status !== 'ready') return <SkeletonRows rows={3} />;
  return (
    <section className="settings-card" data-testid="github-integration">
      <div className="settings-card-header">
        <span className="settings-card-title">{t('integrations.github.title')}</span>
        <span className="muted">{t('integrations.github.subtitle')}</span>
      </div>
      {sync ? (
        <SyncProgress sync={sync} onEdit={() => setEditing(!editing)} slug={slug} projectId={projectId} />
      ) : (
        <EmptyState title={t('integrations.github.emptyTitle')} body={t('integrations.github.emptyBody')} icon={<FolderGit2 size={22} />} />
      )}
      {(!sync || editing) && <LinkForm slug={slug} projectId={projectId} sync={sync} onDone={() => setEditing(false)} />}
    </section>
  );
}

function SyncProgress({ sync, slug, projectId, onEdit }: { sync: RepositorySync; slug: string; projectId: string; onEdit: () => void }) {
  const t = useT();
  const locale = useLocale();
  const [busy, setBusy] = useState(false);
  const active = isSyncActive(sync);
  const rerun = async () => {
    setBusy(true);
    try {
      await linkRepository(slug, projectId, { owner: sync.repo_detail.owner, name: sync.repo_detail.name, base_url: sync.base_url });
    } catch (caught) {
      toast.error(caught instanceof ApiError ? (readErrorText(caught.body) ?? t('integrations.github.startFailed')) : t('integrations.github.startFailed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="github-sync" data-testid="github-sync" data-status={sync.status}>
      <div className="settings-row">
        <strong data-testid="github-sync-repo">{`${sync.repo_detail.owner}/${sync.repo_detail.name}`}</strong>
        <span className={BADGE[sync.status]} data-testid="github-sync-status">{t(STATUS_KEYS[sync.status])}</span>
        {active && sync.phase && sync.phase in PHASE_KEYS && <span className="muted" data-testid="github-sync-phase">{t(PHASE_KEYS[sync.phase as keyof typeof PHASE_KEYS])}</span>}
      </div>
      <span className="muted">{sync.base_url}</span>
      <dl className="github-sync-counts" aria-live="polite">
        {COUNTS.map(([field, key]) => (
          <div key={field} className="github-sync-count">
            <dt className="muted">{t(key)}</dt>
            <dd data-testid={`github-count-${field}`}>{String(sync[field])}</dd>
          </div>
        ))}
      </dl>
      {sync.status === 'waiting' && sync.rate_limited_until && (
        <Alert tone="info" testId="github-sync-waiting">{t('integrations.github.rateLimited', { time: formatDateTime(sync.rate_limited_until, locale) })}</Alert>
      )}
      {sync.last_error && sync.status !== 'waiting' && <Alert tone="error" testId="github-sync-error">{sync.last_error}</Alert>}
      {sync.last_synced_at && !active && <span className="muted">{t('integrations.github.lastSynced', { time: formatDateTime(sync.last_run_finished_at ?? sync.last_synced_at, locale) })}</span>}
      <div className="inline-form">
        <Button size="sm" onClick={() => void rerun()} busy={busy} disabled={active} data-testid="github-sync-rerun">
          <RefreshCw size={14} aria-hidden="true" /> {active ? t('integrations.github.running') : t('integrations.github.rerun')}
        </Button>
        <Button size="sm" variant="ghost" onClick={onEdit} data-testid="github-sync-edit">{t('integrations.github.change')}</Button>
      </div>
    </div>
  );
}

function LinkForm({ slug, projectId, sync, onDone }: { slug: string; projectId: string; sync: RepositorySync | undefined; onDone: () => void }) {
  const t = useT();
  const [owner, setOwner] = useState(sync?.repo_detail.owner ?? '');
  const [name, setName] = useState(sync?.repo_detail.name ?? '');
  const [token, setToken] = useState('');
  const [baseUrl, setBaseUrl] = useState('');
  const [busy, setBusy] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [banner, setBanner] = useState<string | null>(null);
  useEffect(() => {
    if (sync && !sync.base_url.includes('api.github.com')) setBaseUrl((current) => current || sync.base_url);
  }, [sync]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFieldErrors({});
    setBanner(null);
    const missing: Partial<Record<FieldName, string>> = {};
    if (!owner.trim()) missing.owner = t('integrations.github.required');
    if (!name.trim()) missing.name = t('integrations.github.required');
    if (!token.trim() && !sync?.has_token) missing.token = t('integrations.github.required');
    if (Object.keys(missing).length) return setFieldErrors(missing);
    setBusy(true);
    try {
      await linkRepository(slug, projectId, { owner: owner.trim(), name: name.trim(), token: token.trim() || undefined, base_url: baseUrl.trim() || null });
      setToken('');
      onDone();
    } catch (caught) {
      if (caught instanceof ApiError && caught.body && typeof caught.body === 'object' && !('error' in caught.body)) {
        const body = caught.body as Record<string, unknown>;
        const fields: Partial<Record<FieldName, string>> = {};
        for (const field of ['owner', 'name', 'token', 'base_url'] as const) if (Array.isArray(body[field])) fields[field] = String((body[field] as unknown[])[0]);
        if (Object.keys(fields).length) return setFieldErrors(fields);
      }
      setBanner(caught instanceof ApiError ? (readErrorText(caught.body) ?? t('integrations.github.startFailed')) : t('integrations.github.startFailed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="github-link-form" onSubmit={(event) => void submit(event)} noValidate data-testid="github-link-form">
      {banner && <Alert tone="error">{banner}</Alert>}
      <div className="github-link-repo">
        <TextField label={t('integrations.github.owner')} value={owner} onChange={(event) => setOwner(event.target.value)} error={fieldErrors.owner} placeholder="octocat" autoComplete="off" data-testid="github-owner" />
        <TextField label={t('integrations.github.repository')} value={name} onChange={(event) => setName(event.target.value)} error={fieldErrors.name} placeholder="hello-world" autoComplete="off" data-testid="github-repo" />
      </div>
      <PasswordField
        label={t('integrations.github.token')}
        hint={sync?.has_token ? t('integrations.github.tokenStored') : t('integrations.github.tokenHint')}
        value={token}
        onChange={(event) => setToken(event.target.value)}
        error={fieldErrors.token}
        autoComplete="off"
        data-testid="github-token"
      />
      <TextField
        label={t('integrations.github.baseUrl')}
        hint={t('integrations.github.baseUrlHint')}
        optional
        value={baseUrl}
        onChange={(event) => setBaseUrl(event.target.value)}
        error={fieldErrors.base_url}
        placeholder="https://api.github.com"
        data-testid="github-base-url"
      />
      <div>
        <Button type="submit" busy={busy} data-testid="github-start-import">{t('integrations.github.start')}</Button>
      </div>
    </form>
  );
}
