// Running a Trellis server process for the browser specs: a free port, a scratch Postgres
// database, waiting until it answers, and stopping it. global-setup starts the shared server with
// these; a spec that needs a differently configured instance (no mail) starts its own.
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import postgres from 'postgres';

const root = join(import.meta.dirname, '..', '..', '..');

/**
 * Starts `boot/main.ts` (what `npm start` runs) on a free port with the built client, its data
 * under `workDir`, on a scratch Postgres database when DATABASE_URL is set (else embedded), with
 * `env` on top; answers once `GET /api/instances/` does. `close()` stops it and drops the database.
 */
export async function startTrellis(workDir: string, env: NodeJS.ProcessEnv = {}): Promise<{ baseUrl: string; databaseUrl: string; close: () => Promise<void> }> {
  const database = process.env.DATABASE_URL ? await createScratchDatabase(process.env.DATABASE_URL) : null;
  const port = await freePort();
  const baseUrl = `http://localhost:${port}`;
  const server = spawn(process.execPath, ['--import', 'tsx', join(root, 'boot', 'main.ts')], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_BASE_URL: baseUrl,
      DATA_DIR: join(workDir, 'data'),
      LOG_LEVEL: 'warn',
      RATE_LIMIT_AUTH_PER_MIN: '10000',
      RATE_LIMIT_AUTH_PER_EMAIL_PER_MIN: '10000',
      RATE_LIMIT_AUTH_FAILURES_PER_IP_PER_HOUR: '10000',
      DATABASE_URL: database?.url ?? '',
      ...env,
    },
  });
  const output: string[] = [];
  server.stdout!.on('data', (chunk) => output.push(String(chunk)));
  server.stderr!.on('data', (chunk) => output.push(String(chunk)));
  await waitForHttp(`${baseUrl}/api/instances/`, server, output);
  return {
    baseUrl,
    databaseUrl: database?.url ?? '',
    close: async () => {
      await stop(server);
      await database?.drop();
    },
  };
}

/** A fresh database next to `adminUrl`'s, dropped by `drop()`. */
export async function createScratchDatabase(adminUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `trellis_e2e_${randomBytes(4).toString('hex')}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await admin.unsafe(`drop database if exists "${name}" with (force)`);
      await admin.end();
    },
  };
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export async function waitForHttp(url: string, child: ChildProcess, output: string[]) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output.join('')}`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`server did not answer ${url} in time:\n${output.join('')}`);
}

export async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return;
  child.kill('SIGTERM');
  await new Promise((resolve) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      resolve(undefined);
    }, 10_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve(undefined);
    });
  });
}
