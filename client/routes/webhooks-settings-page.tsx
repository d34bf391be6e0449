// `/{workspaceSlug}/settings/webhooks` (spec §7 "Webhooks", workspace admins): create with event
// toggles (the secret is shown once, with a copy button), regenerate the secret, activate or
// deactivate, delete, and each webhook's delivery log — status, duration, response — with redeliver.
import { RefreshCw, RotateCcw, ScrollText, Trash2, Webhook as WebhookIcon } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import type { Webhook, WebhookEvent, WebhookLog } from '../api/types';
import { useFormError } from '../auth/use-form-error';
import { Alert } from '../components/alert';
import { AppShell } from '../components/app-shell';
import { ConfirmDialog } from '../components/confirm-dialog';
import { CopyButton } from '../components/copy-button';
import { Spinner } from '../components/feedback';
import { TextField, ToggleField } from '../components/field';
import { formatDateTime } from '../components/format';
import { useLocale, useT } from '../i18n';
import { Button, Dialog, EmptyState, IconButton, toast } from '../ui';
import { can, memberContext } from '../../shared/permission-table';
import { WEBHOOK_EVENTS } from '../../shared/schemas/webhook';
import { useWorkspace } from '../stores/workspace-store';
import {
  createWebhook,
  deleteWebhook,
  redeliverWebhookLog,
  regenerateWebhookSecret,
  updateWebhook,
  useWebhookLogs,
  useWebhooks,
  useWebhooksStatus,
} from '../stores/webhook-store';

const EVENT_KEYS = {
  project: 'webhooks.event.project',
  issue: 'webhooks.event.issue',
  cycle: 'webhooks.event.cycle',
  module: 'webhooks.event.module',
  issue_comment: 'webhooks.event.issue_comment',
} as const satisfies Record<WebhookEvent, string>;

export function WebhooksSettingsPage({ workspaceSlug }: { workspaceSlug: string }) {
  const t = useT();
  const workspace = useWorkspace(workspaceSlug);
  const isAdmin = can('workspace.webhooks', memberContext(workspace?.role));
  const hooks = useWebhooks(workspaceSlug);
  const status = useWebhooksStatus(workspaceSlug);
  const [creating, setCreating] = useState(false);
  const [secret, setSecret] = useState<Webhook | null>(null);
  const [deleting, setDeleting] = useState<Webhook | null>(null);
  const [regenerating, setRegenerating] = useState<Webhook | null>(null);
  const [openLog, setOpenLog] = useState<string | null>(null);

  const toggleActive = async (hook: Webhook) => {
    try {
      await updateWebhook(workspaceSlug, hook.id, { is_active: !hook.is_active });
    } catch {
      toast.error(t('webhooks.saveFailed'));
    }
  };

  return (
    <AppShell
      workspaceSlug={workspaceSlug}
      title={t('webhooks.title')}
      actions={isAdmin && <Button onClick={() => setCreating(true)} data-testid="create-webhook-button">{t('webhooks.create')}</Button>}
    >
      <p className="page-lead">{t('webhooks.subtitle')}</p>
      {!isAdmin ? (
        <Alert tone="info">{t('webhooks.adminsOnly')}</Alert>
      ) : (
        <section className="card card-flush">
          {status !== 'ready' && hooks.length === 0 ? (
            status === 'error' ? null : <Spinner />
          ) : hooks.length === 0 ? (
            <EmptyState title={t('webhooks.emptyTitle')} body={t('webhooks.emptyBody')} icon={<WebhookIcon size={22} />} />
          ) : (
            <ul className="list" data-testid="webhook-list">
              {hooks.map((hook) => (
                <li key={hook.id} className="webhook-item" data-testid="webhook-row">
                  <div className="list-row">
                    <div className="list-row-main">
                      <span className="list-row-title webhook-url">{hook.url}</span>
                      <span className="list-row-meta">
                        <span className={hook.is_active ? 'badge badge-success' : 'badge badge-muted'} data-testid="webhook-status">
                          {hook.is_active ? t('webhooks.active') : t('webhooks.inactive')}
                        </span>
                        {WEBHOOK_EVENTS.filter((event) => hook[event]).map((event) => (
                          <span key={event} className="badge badge-muted">
                            {t(EVENT_KEYS[event])}
                          </span>
                        ))}
                      </span>
                    </div>
                    <div className="webhook-actions">
                      <Button variant="ghost" size="sm" onClick={() => setOpenLog(openLog === hook.id ? null : hook.id)} aria-expanded={openLog === hook.id} data-testid="webhook-log-button">
                        <ScrollText size={14} aria-hidden="true" /> {t('webhooks.deliveries')}
                      </Button>
                      <Button variant="ghost" size="sm" onClick={() => void toggleActive(hook)} data-testid="webhook-toggle-active">
                        {hook.is_active ? t('webhooks.deactivate') : t('webhooks.activate')}
                      </Button>
                      <IconButton label={t('webhooks.regenerate')} icon={<RefreshCw size={16} />} onClick={() => setRegenerating(hook)} data-testid="webhook-regenerate" />
                      <IconButton label={t('common.delete')} icon={<Trash2 size={16} />} onClick={() => setDeleting(hook)} data-testid="webhook-delete" />
                    </div>
                  </div>
                  {openLog === hook.id && <DeliveryLog workspaceSlug={workspaceSlug} webhookId={hook.id} />}
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
      {creating && (
        <CreateWebhookDialog
          workspaceSlug={workspaceSlug}
          onClose={() => setCreating(false)}
          onCreated={(hook) => {
            setCreating(false);
            setSecret(hook);
          }}
        />
      )}
      {secret && <SecretDialog hook={secret} onClose={() => setSecret(null)} />}
      {regenerating && (
        <ConfirmDialog
          title={t('webhooks.regenerate')}
          message={t('webhooks.regenerateConfirm')}
          confirmLabel={t('webhooks.regenerate')}
          onConfirm={async () => setSecret(await regenerateWebhookSecret(workspaceSlug, regenerating.id))}
          onClose={() => setRegenerating(null)}
        />
      )}
      {deleting && (
        <ConfirmDialog
          title={t('common.delete')}
          message={t('webhooks.deleteConfirm', { url: deleting.url })}
          confirmLabel={t('common.delete')}
          onConfirm={() => deleteWebhook(workspaceSlug, deleting.id)}
          onClose={() => setDeleting(null)}
        />
      )}
    </AppShell>
  );
}

function CreateWebhookDialog({ workspaceSlug, onClose, onCreated }: { workspaceSlug: string; onClose: () => void; onCreated: (hook: Webhook) => void }) {
  const t = useT();
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<Record<WebhookEvent, boolean>>({ project: false, issue: true, cycle: false, module: false, issue_comment: false });
  const [busy, setBusy] = useState(false);
  const errors = useFormError();

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!url.trim()) return errors.showMessage('common.required');
    setBusy(true);
    const done = await errors.attempt(async () => {
      onCreated(await createWebhook(workspaceSlug, { url: url.trim(), ...events }));
    });
    if (!done) setBusy(false);
  };

  return (
    <Dialog title={t('webhooks.create')} onClose={onClose} testId="create-webhook-dialog">
      <form className="form" onSubmit={handleSubmit} noValidate>
        {errors.banner && <Alert>{errors.banner}</Alert>}
        <TextField
          label={t('webhooks.url')}
          type="url"
          placeholder="https://example.com/trellis-hook"
          value={url}
          onChange={(event) => setUrl(event.target.value)}
          data-testid="webhook-url-input"
        />
        <fieldset className="form-fieldset">
          <legend className="field-label">{t('webhooks.events')}</legend>
          {WEBHOOK_EVENTS.map((name) => (
            <ToggleField
              key={name}
              label={t(EVENT_KEYS[name])}
              checked={events[name]}
              onChange={(checked) => setEvents((current) => ({ ...current, [name]: checked }))}
              testId={`webhook-event-${name}`}
            />
          ))}
        </fieldset>
        <div className="form-actions">
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" busy={busy} disabled={!url.trim()} data-testid="webhook-submit-button">
            {t('webhooks.create')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

function SecretDialog({ hook, onClose }: { hook: Webhook; onClose: () => void }) {
  const t = useT();
  return (
    <Dialog
      title={t('webhooks.secretTitle')}
      onClose={onClose}
      testId="webhook-secret-dialog"
      footer={<Button onClick={onClose} data-testid="webhook-secret-done">{t('webhooks.secretDone')}</Button>}
    >
      <Alert tone="info">{t('webhooks.secretBody')}</Alert>
      <div className="secret">
        <code className="secret-value" data-testid="webhook-secret">{hook.secret_key}</code>
        <CopyButton text={hook.secret_key ?? ''} testId="copy-webhook-secret" />
      </div>
    </Dialog>
  );
}

function statusTone(log: WebhookLog): string {
  const status = Number(log.response_status);
  if (log.response_status && status < 400) return 'badge badge-success';
  return 'badge badge-danger';
}

function DeliveryLog({ workspaceSlug, webhookId }: { workspaceSlug: string; webhookId: string }) {
  const t = useT();
  const locale = useLocale();
  const { logs, error, reload } = useWebhookLogs(workspaceSlug, webhookId);
  const redeliver = async (log: WebhookLog) => {
    try {
      await redeliverWebhookLog(workspaceSlug, webhookId, log.id);
      toast.success(t('webhooks.redeliverQueued'));
      void reload();
    } catch {
      toast.error(t('webhooks.redeliverFailed'));
    }
  };
  if (error && !logs) return <Alert>{t('webhooks.logFailed')}</Alert>;
  if (!logs) return <Spinner />;
  if (logs.length === 0) return <p className="muted webhook-log-empty" data-testid="webhook-log-empty">{t('webhooks.noDeliveries')}</p>;
  return (
    <table className="table webhook-log" data-testid="webhook-log">
      <thead>
        <tr>
          <th>{t('webhooks.log.time')}</th>
          <th>{t('webhooks.log.event')}</th>
          <th>{t('webhooks.log.attempt')}</th>
          <th>{t('webhooks.log.status')}</th>
          <th>{t('webhooks.log.duration')}</th>
          <th>{t('webhooks.log.response')}</th>
          <th aria-label={t('webhooks.redeliver')} />
        </tr>
      </thead>
      <tbody>
        {logs.map((log) => (
          <tr key={log.id} data-testid="webhook-log-row">
            <td>{formatDateTime(log.created_at, locale)}</td>
            <td>{log.event_type}</td>
            <td>{log.retry_count + 1}</td>
            <td>
              <span className={statusTone(log)} data-testid="webhook-log-status">
                {log.response_status ?? t('webhooks.log.noResponse')}
              </span>
            </td>
            <td>{log.duration_ms === null ? '' : t('webhooks.log.ms', { ms: log.duration_ms })}</td>
            <td className="webhook-log-response" title={log.response_body ?? ''}>
              {(log.response_body ?? '').slice(0, 80)}
            </td>
            <td>
              <IconButton label={t('webhooks.redeliver')} icon={<RotateCcw size={14} />} onClick={() => void redeliver(log)} data-testid="webhook-redeliver" />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
