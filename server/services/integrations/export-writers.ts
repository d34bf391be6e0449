// The three file formats of an issue export (reference §8.3 `provider`), each written row by row to
// a file so the export's memory does not grow with the number of issues: CSV and JSON by hand onto a
// write stream that is awaited when full, XLSX through ExcelJS's streaming WorkbookWriter (no
// shared-strings table, rows committed as they are added).
import { once } from 'node:events';
import { createWriteStream, type WriteStream } from 'node:fs';
import type ExcelJS from 'exceljs';
import type { ExportProvider } from '../../../shared/schemas/export';
import { EXPORT_COLUMNS, type ExportProject, type ExportRow } from './export-rows';

/** Receives the batches of one export and produces the file at `path`. */
interface ExportWriter {
  /** Called before the first batch of each project. */
  beginProject(project: ExportProject): Promise<void>;
  writeRows(rows: ExportRow[]): Promise<void>;
  /** Closes the file; resolves once every byte is on disk. */
  finish(): Promise<void>;
}

/** Content type and file extension of a provider's file. */
export const EXPORT_FILE_TYPES: Record<ExportProvider, { contentType: string; extension: string }> = {
  csv: { contentType: 'text/csv; charset=utf-8', extension: 'csv' },
  json: { contentType: 'application/json; charset=utf-8', extension: 'json' },
  xlsx: { contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', extension: 'xlsx' },
};

/** The writer of `provider` onto a new file at `path`. `multiple`: one XLSX worksheet per project. */
export function createExportWriter(provider: ExportProvider, path: string, options: { multiple?: boolean } = {}): ExportWriter {
  switch (provider) {
    case 'csv':
      return csvWriter(path);
    case 'json':
      return jsonWriter(path);
    case 'xlsx':
      return xlsxWriter(path, options.multiple ?? false);
    default: {
      const unknown: never = provider;
      throw new Error(`no writer for provider ${String(unknown)}`);
    }
  }
}

/** Writes `text`, waiting for the stream to drain when its buffer is full (backpressure). */
async function write(stream: WriteStream, text: string): Promise<void> {
  if (!stream.write(text)) await once(stream, 'drain');
}

async function close(stream: WriteStream): Promise<void> {
  stream.end();
  await once(stream, 'finish');
}

/**
 * One CSV field (RFC 4180): quoted when it holds a quote, comma or line break.
 * Security: a value starting with = + - @ or a tab/CR is a formula to spreadsheet programs (CSV
 * injection); it is prefixed with ' so opening the file never evaluates issue text.
 */
export function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

function csvWriter(path: string): ExportWriter {
  const stream = createWriteStream(path);
  // A byte-order mark, so spreadsheet programs read the file as UTF-8 (names in any language).
  let started = false;
  const start = async () => {
    if (started) return;
    started = true;
    await write(stream, `\uFEFF${EXPORT_COLUMNS.map((column) => csvField(column.header)).join(',')}\r\n`);
  };
  return {
    beginProject: start,
    async writeRows(rows) {
      await start();
      await write(stream, rows.map((row) => `${EXPORT_COLUMNS.map((column) => csvField(row[column.key])).join(',')}\r\n`).join(''));
    },
    async finish() {
      await start();
      await close(stream);
    },
  };
}

function jsonWriter(path: string): ExportWriter {
  const stream = createWriteStream(path);
  let first = true;
  return {
    async beginProject() {},
    async writeRows(rows) {
      if (rows.length === 0) return;
      const text = rows.map((row) => JSON.stringify(row)).join(',\n');
      await write(stream, `${first ? '[\n' : ',\n'}${text}`);
      first = false;
    },
    async finish() {
      await write(stream, first ? '[]\n' : '\n]\n');
      await close(stream);
    },
  };
}

/** A worksheet name Excel accepts: ≤ 31 characters, none of []:*?/\, unique in the workbook. */
function sheetName(wanted: string, used: Set<string>): string {
  const base = wanted.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31).trim() || 'Issues';
  let name = base;
  for (let n = 2; used.has(name.toLowerCase()); n++) name = `${base.slice(0, 31 - String(n).length - 1)} ${n}`;
  used.add(name.toLowerCase());
  return name;
}

function xlsxWriter(path: string, multiple: boolean): ExportWriter {
  // ExcelJS (and its zip and stream packages, a tenth of the server bundle) is loaded by the first
  // XLSX export, not at every start.
  let workbook: ExcelJS.stream.xlsx.WorkbookWriter | null = null;
  const used = new Set<string>();
  let sheet: ExcelJS.Worksheet | null = null;
  const addSheet = async (name: string) => {
    if (!workbook) {
      const { default: excel } = await import('exceljs');
      // No shared-strings table (it would keep every distinct string in memory) and no styles.
      workbook = new excel.stream.xlsx.WorkbookWriter({ filename: path, useSharedStrings: false, useStyles: false });
    }
    sheet?.commit();
    sheet = workbook.addWorksheet(sheetName(name, used));
    sheet.addRow(EXPORT_COLUMNS.map((column) => column.header)).commit();
  };
  return {
    async beginProject(project) {
      if (multiple) await addSheet(project.identifier);
      else if (!sheet) await addSheet('Issues');
    },
    async writeRows(rows) {
      if (!sheet) await addSheet('Issues');
      for (const row of rows) sheet!.addRow(EXPORT_COLUMNS.map((column) => row[column.key])).commit();
      // Let the zip stream flush what was committed before the next batch is read.
      await new Promise((resolve) => setImmediate(resolve));
    },
    async finish() {
      if (!sheet) await addSheet('Issues');
      sheet!.commit();
      await workbook!.commit();
    },
  };
}
