// Starts what the browser specs talk to: an SMTP capture server (messages saved as .eml files),
// and a real `npm start` process on a fresh database with the client built.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import postgres from 'postgres';
import { SMTPServer } from 'smtp-server';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    e2eBaseUrl: string;
    e2eMailDir: string;
    /** The server's PostgreSQL database ('' on the embedded default): specs that must hold a lock use it. */
    e2eDatabaseUrl: string;
  }
}

const root = join(import.meta.dirname, '..', '..');

export default async function setup(project: TestProject) {
  const workDir = mkdtempSync(join(tmpdir(), 'trellis-e2e-'));
  const mailDir = join(workDir, 'mail');
  mkdirSync(mailDir, { recursive: true });

  if (!existsSync(join(root, 'client', 'dist', 'index.html'))) {
    const { build } = await import('vite');
    await build({ configFile: join(root, 'vite.config.ts'), logLevel: 'warn' });
  }

  let counter = 0;
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        writeFileSync(join(mailDir, `${Date.now()}-${counter++}.eml`), Buffer.concat(chunks));
        callback();
      });
    },
  });
  const smtpPort = await freePort();
  await new Promise<void>((resolve) => smtp.listen(smtpPort, '127.0.0.1', resolve));

  let dropDatabase: (() => Promise<void>) | null = null;
  let databaseUrl: string | undefined;
  if (process.env.DATABASE_URL) {
    const name = `trellis_e2e_${randomBytes(4).toString('hex')}`;
    const admin = postgres(process.env.DATABASE_URL, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database "${name}"`);
    const url = new URL(process.env.DATABASE_URL);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDatabase = async () => {
      await admin.unsafe(`drop database if exists "${name}" with (force)`);
      await admin.end();
    };
  }

  const port = await freePort();
  const baseUrl = `http://localhost:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    APP_BASE_URL: baseUrl,
    DATA_DIR: join(workDir, 'data'),
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: String(smtpPort),
    SMTP_FROM: 'Trellis <trellis@localhost>',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_AUTH_PER_MIN: '10000',
    RATE_LIMIT_AUTH_PER_EMAIL_PER_MIN: '10000',
    RATE_LIMIT_AUTH_FAILURES_PER_IP_PER_HOUR: '10000',
    DATABASE_URL: databaseUrl ?? '',
  };
  const server = spawn(process.execPath, ['--import', 'tsx', join(root, 'server', 'main.ts')], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const output: string[] = [];
  server.stdout!.on('data', (chunk) => output.push(String(chunk)));
  server.stderr!.on('data', (chunk) => output.push(String(chunk)));
  await waitForHttp(`${baseUrl}/api/instances/`, server, output);

  project.provide('e2eBaseUrl', baseUrl);
  project.provide('e2eMailDir', mailDir);
  project.provide('e2eDatabaseUrl', databaseUrl ?? '');

  return async () => {
    await stop(server);
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
    if (dropDatabase) await dropDatabase();
    rmSync(workDir, { recursive: true, force: true });
  };
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function waitForHttp(url: string, child: ChildProcess, output: string[]) {
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

async function stop(child: ChildProcess) {
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
