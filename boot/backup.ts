// `npm run backup -- FILE` and `npm run restore -- FILE` (README "Backup and restore"): one
// gzip'd tar archive holding the whole database (db/backup.ts: every table, pages' Yjs snapshots
// and update logs included, from one consistent snapshot), the stored files (issue attachments and
// the files of completed exports), and
// `manifest.json` — format, Trellis version, schema migration, per-table row counts, and a SHA-256
// for every entry. The manifest is the archive's last entry, written once everything it vouches
// for is in. Restore reads the archive twice: first to check every checksum (a damaged archive is
// refused before anything is written), then to load it into an empty instance. A completed export
// whose file the archive did not carry (taken before exports were archived, or already missing) is
// restored as expired, so its history offers "Export again" rather than a dead link.
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { StringDecoder } from 'node:string_decoder';
import { createGunzip, createGzip } from 'node:zlib';
import tar from 'tar-stream';
import type { Database } from '../db/client';
import { dumpDatabase, nonEmptyTables, restoreDatabase, type TableDump } from '../db/backup';
import { migrationStatus } from '../db/migration-status';
import { expireExportsWithoutFile } from '../server/services/integrations/export';
import type { FileStorage } from '../server/storage/index';
import { ExportStatus } from '../shared/export-constants';

export const ARCHIVE_FORMAT = 1;
const MANIFEST = 'manifest.json';
const TABLE_PREFIX = 'tables/';
const FILE_PREFIX = 'files/';

export interface Manifest {
  format: number;
  trellis_version: string;
  /** Tag of the newest migration the backed-up database had applied. */
  migration: string | null;
  created_at: string;
  source: 'postgres' | 'pglite';
  tables: Record<string, { rows: number }>;
  files: { count: number; bytes: number; missing: string[] };
  /** SHA-256 (hex) of every other entry, by entry name. */
  checksums: Record<string, string>;
}

/** A problem with the archive or the target, said in words an operator can act on. */
export class BackupError extends Error {}

function trellisVersion(): string {
  const pkg = JSON.parse(readFileSync(join(import.meta.dirname, '..', 'package.json'), 'utf8')) as { version: string };
  return pkg.version;
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

/** The storage key a row of `table` points to, if the row's file belongs in the archive. */
function storedFileOf(table: string, row: string): string | null {
  if (table === 'issue_attachments') return (JSON.parse(row) as { asset: string }).asset;
  if (table === 'exporter_history') {
    const entry = JSON.parse(row) as { status: string; key: string };
    return entry.status === ExportStatus.COMPLETED && entry.key ? entry.key : null;
  }
  return null;
}

/** Writes the archive of `database` and the files in `storage` to `file`. */
export async function writeBackup(database: Database, storage: FileStorage, file: string): Promise<Manifest> {
  const status = await migrationStatus(database);
  const pack = tar.pack();
  const written = pipeline(pack, createGzip(), createWriteStream(file));
  const scratch = mkdtempSync(join(tmpdir(), 'trellis-backup-'));
  const manifest: Manifest = {
    format: ARCHIVE_FORMAT,
    trellis_version: trellisVersion(),
    migration: status.appliedTag,
    created_at: new Date().toISOString(),
    source: database.driver,
    tables: {},
    files: { count: 0, bytes: 0, missing: [] },
    checksums: {},
  };
  const addEntry = (name: string, data: Buffer) =>
    new Promise<void>((resolve, reject) => {
      manifest.checksums[name] = createHash('sha256').update(data).digest('hex');
      pack.entry({ name, size: data.length }, data, (error) => (error ? reject(error) : resolve()));
    });
  const assets: string[] = [];
  try {
    await dumpDatabase(database, async ({ table, rows }) => {
      // A table goes to a scratch file first: a tar entry states its size before its bytes.
      const path = join(scratch, 'table.jsonl');
      const out = createWriteStream(path);
      const hash = createHash('sha256');
      let count = 0;
      for await (const row of rows) {
        const line = `${row}\n`;
        hash.update(line);
        if (!out.write(line)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
        count++;
        const key = storedFileOf(table, row);
        if (key) assets.push(key);
      }
      await new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())));
      const name = `${TABLE_PREFIX}${table}.jsonl`;
      manifest.tables[table] = { rows: count };
      manifest.checksums[name] = hash.digest('hex');
      await new Promise<void>((resolve, reject) => {
        const entry = pack.entry({ name, size: statSync(path).size }, (error) => (error ? reject(error) : resolve()));
        createReadStream(path).pipe(entry);
      });
    });
    for (const asset of assets) {
      let data: Buffer;
      try {
        data = await readAll(await storage.get(asset));
      } catch {
        // A row whose upload never finished (or whose file was removed by hand) has no bytes to keep;
        // an export without its file is restored as expired.
        manifest.files.missing.push(asset);
        continue;
      }
      await addEntry(`${FILE_PREFIX}${asset}`, data);
      manifest.files.count++;
      manifest.files.bytes += data.length;
    }
    const manifestBytes = Buffer.from(JSON.stringify(manifest, null, 2));
    await new Promise<void>((resolve, reject) => pack.entry({ name: MANIFEST, size: manifestBytes.length }, manifestBytes, (error) => (error ? reject(error) : resolve())));
    pack.finalize();
    await written;
    return manifest;
  } catch (error) {
    pack.destroy(error as Error);
    await written.catch(() => undefined);
    rmSync(file, { force: true });
    throw error;
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/**
 * The archive's entries in order, pulled one at a time: the next entry is read from the file only
 * once the consumer is done with this one (what it left unread is skipped), so nothing but the
 * entry being read is in memory.
 */
async function* archiveEntries(file: string): AsyncGenerator<{ name: string; stream: Readable }> {
  const extract = tar.extract();
  const waiting: { name: string; stream: Readable; ended: Promise<void>; next: () => void }[] = [];
  let finished = false;
  let failure: unknown = null;
  let wake: (() => void) | null = null;
  const signal = () => {
    wake?.();
    wake = null;
  };
  extract.on('entry', (header, stream, next) => {
    // tar-stream's entry streams are readable-stream v3 objects: watch their end from the start.
    const ended = new Promise<void>((resolve) => {
      for (const event of ['end', 'error', 'close']) stream.once(event, () => resolve());
    });
    waiting.push({ name: header.name, stream, ended, next });
    signal();
  });
  extract.on('finish', () => {
    finished = true;
    signal();
  });
  const reading = pipeline(createReadStream(file), createGunzip(), extract).catch((error: unknown) => {
    failure = error;
    signal();
  });
  try {
    for (;;) {
      if (failure) throw new BackupError(`${file} is not a readable Trellis archive (${failure instanceof Error ? failure.message : String(failure)}).`);
      const entry = waiting.shift();
      if (entry) {
        try {
          yield { name: entry.name, stream: entry.stream };
        } finally {
          entry.stream.resume();
          await entry.ended;
          entry.next();
        }
        continue;
      }
      if (finished) return;
      await new Promise<void>((resolve) => (wake = resolve));
    }
  } finally {
    if (!finished) extract.destroy();
    await reading;
  }
}

/** A table entry's JSON lines, one string per row, decoded as they arrive. */
async function* lines(stream: Readable): AsyncGenerator<string> {
  const decoder = new StringDecoder('utf8');
  let rest = '';
  for await (const chunk of stream) {
    rest += decoder.write(chunk as Buffer);
    let start = 0;
    for (let end = rest.indexOf('\n'); end !== -1; end = rest.indexOf('\n', start)) {
      yield rest.slice(start, end);
      start = end + 1;
    }
    rest = rest.slice(start);
  }
  rest += decoder.end();
  if (rest.length > 0) yield rest;
}

/** Reads the manifest and checks every entry against its checksum. @throws BackupError */
export async function verifyBackup(file: string): Promise<Manifest> {
  const sums = new Map<string, string>();
  let manifest: Manifest | null = null;
  for await (const { name, stream } of archiveEntries(file)) {
    if (name === MANIFEST) {
      try {
        manifest = JSON.parse((await readAll(stream)).toString('utf8')) as Manifest;
      } catch {
        throw new BackupError(`${file} is damaged: its manifest is not readable.`);
      }
      continue;
    }
    const hash = createHash('sha256');
    for await (const chunk of stream) hash.update(chunk as Buffer);
    sums.set(name, hash.digest('hex'));
  }
  const found = manifest as Manifest | null;
  if (!found) throw new BackupError(`${file} has no manifest: it is not a complete Trellis archive.`);
  if (found.format !== ARCHIVE_FORMAT) throw new BackupError(`${file} is archive format ${found.format}; this release reads format ${ARCHIVE_FORMAT}.`);
  for (const [name, expected] of Object.entries(found.checksums)) {
    const actual = sums.get(name);
    if (actual === undefined) throw new BackupError(`${file} is damaged: ${name} is missing.`);
    if (actual !== expected) throw new BackupError(`${file} is damaged: ${name} does not match its checksum.`);
  }
  const unlisted = [...sums.keys()].filter((name) => !(name in found.checksums));
  if (unlisted.length > 0) throw new BackupError(`${file} is damaged: ${unlisted[0]} is not in its manifest.`);
  return found;
}

/**
 * Restores `file` into the empty, migrated `database` and `storage`. Refuses (BackupError) a
 * damaged archive, one from another schema migration, and a database that already holds data.
 */
export async function restoreBackup(database: Database, storage: FileStorage, file: string): Promise<Manifest> {
  const manifest = await verifyBackup(file);
  const status = await migrationStatus(database);
  if (manifest.migration !== status.appliedTag) {
    throw new BackupError(
      `${file} was taken at schema migration "${manifest.migration}", this instance is at "${status.appliedTag}". ` +
        `Restore it with the Trellis release it came from (${manifest.trellis_version}), then upgrade.`,
    );
  }
  const occupied = await nonEmptyTables(database);
  if (occupied.length > 0) {
    throw new BackupError(`The target instance is not empty (${occupied.slice(0, 5).join(', ')}${occupied.length > 5 ? ', …' : ''} hold rows). Restore only into a new, empty DATA_DIR or database.`);
  }

  // Second pass: tables into the database (one transaction), streamed from the archive row by row
  // as the transaction asks for them; files into storage as they come (after the tables).
  const writtenFiles: string[] = [];
  async function* tables(): AsyncGenerator<TableDump> {
    for await (const { name, stream } of archiveEntries(file)) {
      if (name.startsWith(TABLE_PREFIX)) {
        yield { table: name.slice(TABLE_PREFIX.length, -'.jsonl'.length), rows: lines(stream) };
      } else if (name.startsWith(FILE_PREFIX)) {
        const key = name.slice(FILE_PREFIX.length);
        await storage.put(key, await readAll(stream), 'application/octet-stream');
        writtenFiles.push(key);
      }
    }
  }
  try {
    await restoreDatabase(database, tables());
  } catch (error) {
    for (const key of writtenFiles) await storage.delete(key).catch(() => undefined);
    throw error;
  }
  await expireExportsWithoutFile(database.db, storage);
  return manifest;
}
