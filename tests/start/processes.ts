// Helpers for the start suites: run Trellis as a self-hoster or a process manager does (`npm start`
// or `node --import tsx boot/main.ts`, real processes, a real DATA_DIR) and look at what it
// leaves behind (process trees, the port, the embedded cluster's files).
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';
import { join } from 'node:path';

export const root = join(import.meta.dirname, '..', '..');

export interface Started {
  child: ChildProcess;
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** An npm script (how process managers and the README run Trellis) or boot/main.ts under node directly. */
export function startTrellis(env: Record<string, string>, how: 'node' | 'npm start' | 'npm run start:collab' = 'node', options: { ownProcessGroup?: boolean } = {}): Started {
  const [command, args] = how === 'node' ? [process.execPath, ['--import', 'tsx', join(root, 'boot', 'main.ts')]] : ['npm', how.split(' ').slice(1)];
  const child = spawn(command, args, {
    cwd: root,
    // The client build is not what these suites are about: serve the API only.
    env: { ...process.env, DATABASE_URL: '', EMBEDDED_DB: '', EMBEDDED_PG_PORT: '', LOG_LEVEL: 'warn', HOST: '127.0.0.1', TRELLIS_SKIP_CLIENT_BUILD: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group, as a terminal gives a foreground job: kill(-pid) then reaches all of it, like Ctrl-C.
    detached: options.ownProcessGroup ?? false,
  });
  let text = '';
  child.stdout!.on('data', (chunk) => (text += chunk));
  child.stderr!.on('data', (chunk) => (text += chunk));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  return { child, output: () => text, exited };
}

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export async function waitForLine(started: Started, pattern: RegExp, timeoutMs = 120_000): Promise<RegExpMatchArray> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const match = started.output().match(pattern);
    if (match) return match;
    if (started.child.exitCode !== null) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no line matching ${pattern} printed:\n${started.output()}`);
}

export async function waitForUrlLine(started: Started): Promise<string> {
  return (await waitForLine(started, /Trellis is running at (http:\/\/\S+)/))[1];
}

/** True while something accepts TCP connections on 127.0.0.1:port. */
export function portIsOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** Every live descendant of pid (children, grandchildren, …), read from /proc. */
export function descendants(pid: number): number[] {
  const parents = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // exited while we looked
    }
  }
  const found: number[] = [];
  const queue = [pid];
  while (queue.length) {
    const parent = queue.shift()!;
    for (const [child, ppid] of parents) {
      if (ppid === parent) {
        found.push(child);
        queue.push(child);
      }
    }
  }
  return found;
}

/** Cleanup after a failed test: the started process and everything under it (npm does not pass SIGKILL on). */
export function killTree(started: Started): void {
  // Once it has exited its pid may belong to someone else: leave it.
  if (started.child.exitCode !== null || started.child.signalCode !== null) return;
  for (const pid of [...descendants(started.child.pid!), started.child.pid!]) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
}

/** Alive and not a zombie. */
export function isAlive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return false;
  }
}

/** The embedded cluster's postmaster pid and port, from its lock file. */
export function postmaster(dataDir: string): { pid: number; port: number } | undefined {
  const lockFile = join(dataDir, 'postgres', 'postmaster.pid');
  if (!existsSync(lockFile)) return undefined;
  const lines = readFileSync(lockFile, 'utf8').split('\n');
  return { pid: Number(lines[0]), port: Number(lines[3]) };
}

/** A connection string for the embedded cluster, to look at its rows directly. */
export function embeddedUrl(dataDir: string): string {
  const password = readFileSync(join(dataDir, 'postgres', 'trellis-password'), 'utf8').trim();
  return `postgres://postgres:${password}@127.0.0.1:${postmaster(dataDir)!.port}/postgres`;
}

export async function signUpAdmin(baseUrl: string, email: string): Promise<Response> {
  return fetch(`${baseUrl}/api/instances/admins/sign-up/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'Restart-proof-passphrase-5', first_name: 'Owner', company_name: 'Persist Co' }),
  });
}

export async function instanceIsSetUp(baseUrl: string): Promise<boolean> {
  const instance = await (await fetch(`${baseUrl}/api/instances/`)).json();
  return instance.instance?.is_setup_done === true;
}
