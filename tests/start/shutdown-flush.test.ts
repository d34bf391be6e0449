// Ctrl-C on `npm start` in a terminal sends SIGINT to the whole foreground process group. Trellis
// must store the page text it has acknowledged before its embedded PostgreSQL stops: the cluster
// runs in its own process group (db/embedded/cluster.ts), so the signal reaches only Trellis, which
// flushes page updates on close and stops the database last. Had postgres received the SIGINT too,
// it would shut down at once and the flush would find no database.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, expect, test } from 'vitest';
import { createDatabase } from '../../db/client';
import { startEmbeddedPostgres } from '../../db/embedded/index';
import { bodyText, openEditor, typeParagraph } from '../../collab/testing';
import { buildProject, buildUser, buildWorkspace } from '../support/factories';
import type { TestServer } from '../support/server';
import { freePort, killTree, startTrellis, waitForUrlLine, type Started } from './processes';

const dataDir = mkdtempSync(join(tmpdir(), 'trellis-flush-'));
const running: Started[] = [];

afterEach(() => {
  for (const started of running.splice(0)) killTree(started);
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

test('Ctrl-C (SIGINT to the process group of npm start) right after typing keeps the typed text', async () => {
  // Seed the embedded cluster of this DATA_DIR directly, as the server would find it.
  const cluster = await startEmbeddedPostgres({ dataDir, port: 0, log: () => {} });
  const database = await createDatabase({ databaseUrl: cluster.url, maxConnections: 2 });
  await database.migrate();
  const server = { database } as unknown as TestServer;
  const owner = await buildUser(server);
  const project = await buildProject(server, await buildWorkspace(server, owner), owner);
  const workspaceSlug = (await database.query<{ slug: string }>((await import('drizzle-orm')).sql`select slug from workspaces where id = ${project.workspaceId}`))[0].slug;
  await database.close();
  await cluster.stop();

  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const first = startTrellis({ PORT: String(port), DATA_DIR: dataDir }, 'npm start', { ownProcessGroup: true });
  running.push(first);
  await waitForUrlLine(first);
  const pages = `${base}/api/workspaces/${workspaceSlug}/projects/${project.id}/pages/`;
  const created = await fetch(pages, { method: 'POST', headers: { ...owner.headers, 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Stopped while typing' }) });
  expect(created.status).toBe(201);
  const pageId = ((await created.json()) as { id: string }).id;

  const editor = openEditor(base, pageId, { cookie: owner.headers.cookie });
  await editor.synced;
  // Signal the moment the server acknowledges the update: milliseconds after it arrived, inside
  // the server's 200 ms log flush window, so only the flush on close can store it.
  const acknowledged = new Promise<void>((resolve) =>
    editor.provider.on('unsyncedChanges', ({ number }: { number: number }) => {
      if (number === 0) {
        process.kill(-first.child.pid!, 'SIGINT');
        resolve();
      }
    }),
  );
  typeParagraph(editor.doc, 'typed just before Ctrl-C');
  await acknowledged;
  expect(await first.exited).toEqual({ code: 0, signal: null });
  editor.destroy();

  const second = startTrellis({ PORT: String(port), DATA_DIR: dataDir }, 'npm start');
  running.push(second);
  await waitForUrlLine(second);
  const reader = openEditor(base, pageId, { cookie: owner.headers.cookie });
  await reader.synced;
  expect(bodyText(reader.doc)).toContain('typed just before Ctrl-C');
  reader.destroy();
  second.child.kill('SIGTERM');
  expect((await second.exited).code).toBe(0);
}, 240_000);
