// What the suites that kill and restart real server processes on one Postgres share
// (tests/sync/processes, webhook-processes, github-import-processes, outbox-fault): a Postgres
// copy, a data dir, an admin who owns a workspace and a project, and the processes started on
// them — any still running when the file ends (a failed test) are SIGKILLed by `close()`.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import { createTestDatabase, type TestDatabase } from './db';
import { buildProject, buildUser, buildWorkspace, type TestProject, type TestUser, type TestWorkspace } from './factories';
import type { TestServer } from './server';
import { startTrellisProcess, type TrellisProcess } from './server-process';

export interface ProcessSuite {
  database: TestDatabase;
  dataDir: string;
  admin: TestUser;
  workspace: TestWorkspace;
  project: TestProject;
  /** A server process on the suite's database and data dir, with `env` on top of the defaults. */
  start(env?: Record<string, string>): Promise<TrellisProcess>;
  /** A JSON request as the admin that must answer 2xx; resolves to the parsed body. */
  api<T = Record<string, unknown>>(baseUrl: string, method: string, path: string, body?: unknown): Promise<T>;
  /** SIGKILLs the processes still running, drops the database and removes the data dir. */
  close(): Promise<void>;
}

/** Needs DATABASE_URL (Postgres): PGlite is one process per data dir. */
export async function openProcessSuite(dataDirPrefix: string): Promise<ProcessSuite> {
  const database = await createTestDatabase('postgres');
  const dataDir = mkdtempSync(join(tmpdir(), dataDirPrefix));
  const seed = { database } as unknown as TestServer;
  const admin = await buildUser(seed);
  const workspace = await buildWorkspace(seed, admin);
  const project = await buildProject(seed, workspace, admin);
  const started: TrellisProcess[] = [];
  return {
    database,
    dataDir,
    admin,
    workspace,
    project,
    async start(env = {}) {
      const server = await startTrellisProcess(database.url!, dataDir, env);
      started.push(server);
      return server;
    },
    async api<T>(baseUrl: string, method: string, path: string, body?: unknown) {
      const response = await fetch(`${baseUrl}${path}`, {
        method,
        headers: { ...admin.headers, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      expect(response.status, `${method} ${path}`).toBeLessThan(300);
      return response.json() as Promise<T>;
    },
    async close() {
      await Promise.all(started.map((server) => server.kill('SIGKILL')));
      await database.destroy();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
