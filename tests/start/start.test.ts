// `npm start` as a self-hoster runs it: a real process on the embedded database. Bad configuration
// stops it with one line naming the variable; SIGTERM drains and exits cleanly; a restart on the
// same DATA_DIR keeps every row.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer } from 'node:net';
import { afterAll, describe, expect, test } from 'vitest';

const root = join(import.meta.dirname, '..', '..');
const dataDir = mkdtempSync(join(tmpdir(), 'trellis-start-'));

function startServer(env: Record<string, string>): { child: ChildProcess; output: () => string; exited: Promise<number | null> } {
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'server', 'main.ts')], {
    cwd: root,
    // The client build is not what this suite is about: serve the API only if dist is missing.
    env: { ...process.env, DATABASE_URL: '', LOG_LEVEL: 'warn', HOST: '127.0.0.1', TRELLIS_SKIP_CLIENT_BUILD: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  child.stdout!.on('data', (chunk) => (text += chunk));
  child.stderr!.on('data', (chunk) => (text += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => text, exited };
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function waitForUrlLine(output: () => string, timeoutMs = 90_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const match = output().match(/Trellis is running at (http:\/\/\S+)/);
    if (match) return match[1];
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no URL line printed:\n${output()}`);
}

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('npm start', () => {
  test('a bad configuration value stops the server with one line naming the variable', async () => {
    const server = startServer({ PORT: 'not-a-port', DATA_DIR: dataDir });
    const code = await server.exited;
    expect(code).toBe(1);
    const lines = server.output().trim().split('\n').filter((line) => !line.includes('ExperimentalWarning'));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Invalid configuration: PORT /);
  });

  test('serves on PGlite, drains on SIGTERM, and keeps data across a restart', async () => {
    const port = String(await freePort());
    const first = startServer({ PORT: port, DATA_DIR: dataDir });
    const url = await waitForUrlLine(first.output);
    expect(url).toBe(`http://localhost:${port}`);
    const csrf = await fetch(`http://127.0.0.1:${port}/auth/get-csrf-token/`);
    expect(csrf.status).toBe(200);
    const signUp = await fetch(`http://127.0.0.1:${port}/api/instances/admins/sign-up/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'owner@example.com', password: 'Restart-proof-passphrase-5', first_name: 'Owner', company_name: 'Persist Co' }),
    });
    expect(signUp.status).toBeLessThan(400);
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);

    const second = startServer({ PORT: port, DATA_DIR: dataDir });
    await waitForUrlLine(second.output);
    const instance = await (await fetch(`http://127.0.0.1:${port}/api/instances/`)).json();
    expect(instance.instance?.is_setup_done).toBe(true);
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  });
});
