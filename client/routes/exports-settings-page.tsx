// `/{workspaceSlug}/settings/exports` (spec §7 "Workspace extras", workspace members and admins):
// choose projects and a format, start an export, and follow the history — each export's progress
// while its job runs (polled), then a download link — or, once its file is gone, "Export again".
import { Download, FileDown, FolderKanban, RotateCcw } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Alert } from '../components/alert';
import { AppShell } from '../components/app-shell';
import { formatDateTime } from '../components/format';
import { useLocale, useT } from '../i18n';
import { Button, EmptyState, PropertyChip, SkeletonRows, toast, toggleValue } from '../ui';
import { can, memberContext } from '../../shared/permission-table';
import { EXPORT_PROVIDERS, ExportStatus, type ExportProvider, type ExportWire } from '../../shared/schemas/export';
import { fetchExports, startExport, useExportPolling, useExports, useExportsStatus } from '../stores/export-store';
import { useJoinedProjects } from '../stores/project-store';
import { useWorkspace } from '../stores/workspace-store';

const FORMAT_KEYS = { csv: 'exports.format.csv', json: 'exports.format.json', xlsx: 'exports.format.xlsx' } as const satisfies Record<ExportProvider, string>;
const STATUS_KEYS = {
  queued: 'exports.status.queued',
  processing: 'exports.status.processing',
  completed: 'exports.status.completed',
  failed: 'exports.status.failed',
  expired: 'exports.status.expired',
} as const satisfies Record<ExportStatus, string>;
const STATUS_TONE: Record<ExportStatus, string> = {
  queued: 'badge badge-muted',
  processing: 'badge',
  completed: 'badge badge-success',
  failed: 'badge badge-danger',
  expired: 'badge badge-muted',
};

export function ExportsSettingsPage({ workspaceSlug }: { workspaceSlug: string }) {
  const t = useT();
  const workspace = useWorkspace(workspaceSlug);
  const canExport = can('workspace.export', memberContext(workspace?.role));
  return (
    <AppShell workspaceSlug={workspaceSlug} title={t('exports.title')}>
      <p className="page-lead">{t('exports.subtitle')}</p>
      {!canExport ? (
        <Alert tone="info">{t('exports.membersOnly')}</Alert>
      ) : (
        <>
          <NewExport workspaceSlug={workspaceSlug} />
          <ExportHistory workspaceSlug={workspaceSlug} />
        </>
      )}
    </AppShell>
  );
}

function NewExport({ workspaceSlug }: { workspaceSlug: string }) {
  const t = useT();
  const projects = useJoinedProjects(workspaceSlug);
  // Empty = every project of mine (the server's default).
  const [chosen, setChosen] = useState<string[]>([]);
  const [provider, setProvider] = useState<ExportProvider>('csv');
  const [busy, setBusy] = useState(false);
  const options = useMemo(() => projects.map((project) => ({ value: project.id, label: project.name, keywords: [project.identifier] })), [projects]);
  const valueText = chosen.length === 0 ? t('exports.allProjects') : chosen.length === 1 ? (projects.find((project) => project.id === chosen[0])?.name ?? '') : t('exports.someProjects', { count: chosen.length });

  const handleStart = async () => {
    setBusy(true);
    try {
      await startExport(workspaceSlug, provider, chosen);
      toast.success(t('exports.started'));
    } catch {
      toast.error(t('exports.startFailed'));
    } finally {
      setBusy(false);
    }
  };

  if (projects.length === 0) return <Alert tone="info">{t('exports.noProjects')}</Alert>;
  return (
    <section className="card export-form" aria-labelledby="new-export-title" data-testid="new-export">
      <h2 className="settings-card-title" id="new-export-title">{t('exports.new')}</h2>
      <div className="export-form-row">
        <span className="field-label">{t('exports.projects')}</span>
        <PropertyChip
          label={t('exports.projects')}
          valueText={valueText}
          icon={<FolderKanban size={14} />}
          options={options}
          selected={chosen}
          multiple
          onSelect={(id) => setChosen((current) => toggleValue(current, id))}
          testId="export-projects"
        />
      </div>
      <div className="export-form-row" role="radiogroup" aria-label={t('exports.format')}>
        <span className="field-label">{t('exports.format')}</span>
        <div className="export-formats">
          {EXPORT_PROVIDERS.map((name) => (
            <Button
              key={name}
              variant={provider === name ? 'primary' : 'secondary'}
              size="sm"
              role="radio"
              aria-checked={provider === name}
              onClick={() => setProvider(name)}
              data-testid={`export-format-${name}`}
            >
              {t(FORMAT_KEYS[name])}
            </Button>
          ))}
        </div>
      </div>
      <div className="form-actions">
        <Button onClick={() => void handleStart()} busy={busy} data-testid="start-export">
          <FileDown size={14} aria-hidden="true" /> {t('exports.start')}
        </Button>
      </div>
    </section>
  );
}

export function ExportHistory({ workspaceSlug }: { workspaceSlug: string }) {
  const t = useT();
  const rows = useExports(workspaceSlug);
  const status = useExportsStatus(workspaceSlug);
  useExportPolling(workspaceSlug, rows);
  let body;
  if (status === 'error' && rows.length === 0) {
    body = (
      <div className="export-history-error">
        <Alert>{t('exports.loadFailed')}</Alert>
        <Button variant="secondary" size="sm" onClick={() => void fetchExports(workspaceSlug).catch(() => {})} data-testid="exports-retry">
          {t('common.retry')}
        </Button>
      </div>
    );
  } else if (status !== 'ready' && rows.length === 0) {
    body = <SkeletonRows rows={3} />;
  } else if (rows.length === 0) {
    body = <EmptyState title={t('exports.emptyTitle')} body={t('exports.emptyBody')} icon={<FileDown size={22} />} />;
  } else {
    body = <HistoryTable workspaceSlug={workspaceSlug} rows={rows} />;
  }
  return (
    <section className="card card-flush export-history" aria-labelledby="export-history-title">
      <h2 className="settings-card-title export-history-title" id="export-history-title">{t('exports.history')}</h2>
      {body}
    </section>
  );
}

function HistoryTable({ workspaceSlug, rows }: { workspaceSlug: string; rows: ExportWire[] }) {
  const t = useT();
  const locale = useLocale();
  const projects = useJoinedProjects(workspaceSlug);
  const nameOf = (id: string) => projects.find((project) => project.id === id)?.name ?? id.slice(0, 8);
  return (
    <table className="table" data-testid="export-history">
      <thead>
        <tr>
          <th>{t('exports.col.started')}</th>
          <th>{t('exports.col.format')}</th>
          <th>{t('exports.col.projects')}</th>
          <th>{t('exports.col.status')}</th>
          <th aria-label={t('exports.download')} />
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.id} data-testid="export-row" data-status={row.status}>
            <td>{formatDateTime(row.created_at, locale)}</td>
            <td>{row.provider in FORMAT_KEYS ? t(FORMAT_KEYS[row.provider as ExportProvider]) : row.provider}</td>
            <td className="export-projects-cell" title={row.project.map(nameOf).join(', ')}>
              {row.project.length === 1 ? nameOf(row.project[0]) : t('exports.someProjects', { count: row.project.length })}
            </td>
            <td>
              <ExportProgress row={row} />
            </td>
            <td className="table-actions">
              {row.url && (
                <a className="btn btn-secondary btn-sm" href={row.url} download data-testid="export-download">
                  <Download size={14} aria-hidden="true" /> {t('exports.download')}
                </a>
              )}
              {row.status === ExportStatus.EXPIRED && <ExportAgain workspaceSlug={workspaceSlug} row={row} />}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** An expired export's file is gone: the same projects and format are exported anew. */
function ExportAgain({ workspaceSlug, row }: { workspaceSlug: string; row: ExportWire }) {
  const t = useT();
  const [busy, setBusy] = useState(false);
  const handleClick = async () => {
    setBusy(true);
    try {
      await startExport(workspaceSlug, row.provider as ExportProvider, row.project);
      toast.success(t('exports.started'));
    } catch {
      toast.error(t('exports.startFailed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="secondary" size="sm" onClick={() => void handleClick()} busy={busy} data-testid="export-again">
      <RotateCcw size={14} aria-hidden="true" /> {t('exports.exportAgain')}
    </Button>
  );
}

function ExportProgress({ row }: { row: ExportWire }) {
  const t = useT();
  const status = (row.status in STATUS_KEYS ? row.status : ExportStatus.QUEUED) as ExportStatus;
  const label = <span className={STATUS_TONE[status]} data-testid="export-status">{t(STATUS_KEYS[status])}</span>;
  if (status === ExportStatus.PROCESSING) {
    const percent = row.total_count > 0 ? Math.round((100 * row.exported_count) / row.total_count) : 0;
    return (
      <div className="export-progress">
        {label}
        <progress max={100} value={percent} aria-label={t('exports.progress', { done: row.exported_count, total: row.total_count })} />
        <span className="muted" data-testid="export-progress">{t('exports.progress', { done: row.exported_count.toLocaleString(), total: row.total_count.toLocaleString() })}</span>
      </div>
    );
  }
  if (status === ExportStatus.COMPLETED) {
    return (
      <div className="export-progress">
        {label}
        <span className="muted">{t('exports.issues', { count: row.exported_count })}</span>
      </div>
    );
  }
  if (status === ExportStatus.FAILED || status === ExportStatus.EXPIRED) {
    return (
      <div className="export-progress" title={row.reason}>
        {label}
        <span className="muted export-reason">{row.reason}</span>
      </div>
    );
  }
  return label;
}
