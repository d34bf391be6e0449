// Export formats and statuses, apart from the zod schemas of schemas/export.ts so the browser's
// export store can use them without loading zod up front.

/** The file formats an export can be written in (reference: `provider`). */
export const EXPORT_PROVIDERS = ['csv', 'json', 'xlsx'] as const;
export type ExportProvider = (typeof EXPORT_PROVIDERS)[number];

/** True when `value` names a provider this server writes. */
export function isExportProvider(value: string): value is ExportProvider {
  return (EXPORT_PROVIDERS as readonly string[]).includes(value);
}

/**
 * The life of one export (reference §8.3): queued → processing → completed | failed; a completed
 * export whose file is no longer stored (restored from a backup without it, removed from storage)
 * becomes expired: it can only be exported again.
 */
export const ExportStatus = {
  QUEUED: 'queued',
  PROCESSING: 'processing',
  COMPLETED: 'completed',
  FAILED: 'failed',
  EXPIRED: 'expired',
} as const;
export type ExportStatus = (typeof ExportStatus)[keyof typeof ExportStatus];

/** True while the export's job has not finished (the settings screen polls while any is). */
export function isExportRunning(status: string): boolean {
  return status === ExportStatus.QUEUED || status === ExportStatus.PROCESSING;
}
