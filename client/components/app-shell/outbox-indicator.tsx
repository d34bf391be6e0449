// What the person sees of the work-item outbox (issue 17): a shell indicator saying how many
// changes are waiting and whether the app is offline, opening the "changes not saved" list (the
// server's message, retry, discard); a marker on every row with a change waiting or refused; and
// the wiring that opens the signed-in user's outbox for the workspace shown.
import { CircleAlert, CloudOff, CloudUpload } from 'lucide-react';
import { useEffect } from 'react';
import { useT } from '../../i18n';
import { useLiveConnection } from '../../live/use-live-connection';
import type { OutboxRecord } from '../../outbox/outbox';
import { discardOutboxEntry, openWorkOutbox, retryOutboxEntry, useOutboxRowStatus, useOutboxStore, watchConnection } from '../../outbox/work-outbox';
import { useSessionStore } from '../../stores/session-store';
import { Button, Popover } from '../../ui';

/** Opens the signed-in user's outbox of `slug` (shows and replays what it holds). */
export function useWorkspaceOutbox(slug: string | undefined): void {
  const userId = useSessionStore((state) => state.user?.id);
  useEffect(() => {
    if (!slug || !userId) return;
    watchConnection();
    void openWorkOutbox(userId, slug);
  }, [slug, userId]);
}

function OutboxEntry({ record }: { record: OutboxRecord }) {
  const t = useT();
  const failed = record.status === 'failed';
  return (
    <li className={`outbox-entry outbox-entry-${record.status}`} data-testid="outbox-entry" data-status={record.status}>
      <div className="outbox-entry-text">
        <span className="outbox-entry-label">{t(record.label.key as 'outbox.kind.update', record.label.values)}</span>
        <span className="outbox-entry-status">{failed ? t('outbox.statusFailed') : t('outbox.statusPending')}</span>
        {failed && record.error && <span className="outbox-entry-error" data-testid="outbox-entry-error">{record.error.message}</span>}
      </div>
      <div className="outbox-entry-actions">
        {failed && (
          <Button size="sm" variant="secondary" onClick={() => retryOutboxEntry(record.seq)} data-testid="outbox-retry">
            {t('outbox.retry')}
          </Button>
        )}
        <Button size="sm" variant="ghost" onClick={() => void discardOutboxEntry(record.seq)} data-testid="outbox-discard">
          {t('outbox.discard')}
        </Button>
      </div>
    </li>
  );
}

/**
 * True when the outbox indicator says "Offline": the browser is offline, or the live stream is down
 * while a change could not be sent. It is then the header's one connection indicator (the live
 * one steps aside, so "Offline · 4 changes waiting" never stands beside "Reconnecting…").
 */
export function useOutboxShowsOffline(): boolean {
  const browserOffline = useOutboxStore((state) => state.browserOffline);
  const stuck = useOutboxStore((state) => state.records.some((record) => record.attempts > 0 && record.status === 'pending'));
  const live = useLiveConnection((state) => state.state);
  return browserOffline || (live !== 'connected' && stuck);
}

/** The shell's indicator: nothing while all is sent and online. */
export function OutboxIndicator() {
  const t = useT();
  const records = useOutboxStore((state) => state.records);
  const offline = useOutboxShowsOffline();
  if (records.length === 0 && !offline) return null;
  const failed = records.filter((record) => record.status === 'failed').length;
  const waiting = records.length - failed;
  const icon = failed > 0 ? <CircleAlert size={14} aria-hidden="true" /> : offline ? <CloudOff size={14} aria-hidden="true" /> : <CloudUpload size={14} aria-hidden="true" />;
  const trigger = (
    <button type="button" className={`outbox-indicator${failed > 0 ? ' outbox-indicator-failed' : ''}`} data-testid="outbox-indicator" data-waiting={waiting} data-failed={failed} data-offline={offline}>
      {icon}
      {offline && <span data-testid="outbox-offline">{t('outbox.offline')}</span>}
      {waiting > 0 && <span data-testid="outbox-waiting">{t('outbox.waiting', { count: waiting })}</span>}
      {failed > 0 && <span data-testid="outbox-failed">{t('outbox.failedCount', { count: failed })}</span>}
    </button>
  );
  return (
    <Popover trigger={trigger} align="end" label={t('outbox.panelTitle')} testId="outbox-panel" className="outbox-panel">
      <h2 className="outbox-panel-title">{t('outbox.panelTitle')}</h2>
      <p className="outbox-panel-hint">{t('outbox.panelHint')}</p>
      <ul className="outbox-list">
        {[...records].sort((a, b) => (a.status === b.status ? a.seq - b.seq : a.status === 'failed' ? -1 : 1)).map((record) => <OutboxEntry key={record.seq} record={record} />)}
      </ul>
    </Popover>
  );
}

/** A row's marker: its change is waiting to be sent, or the server refused it. */
export function OutboxRowMarker({ id }: { id: string }) {
  const t = useT();
  const status = useOutboxRowStatus(id);
  if (!status) return null;
  const label = status === 'failed' ? t('outbox.rowFailed') : t('outbox.rowPending');
  return (
    <span className={`outbox-marker outbox-marker-${status}`} role="img" aria-label={label} title={label} data-testid={`outbox-row-${status}`}>
      {status === 'failed' ? <CircleAlert size={12} aria-hidden="true" /> : <CloudUpload size={12} aria-hidden="true" />}
    </span>
  );
}
