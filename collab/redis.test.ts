// Collab scale-out (DESIGN "Processes"): two collaboration servers with REDIS_URL on one database
// share a document through @hocuspocus/extension-redis. Skipped, with the reason printed, when no
// Redis answers on 127.0.0.1:6379.
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { startServices } from '../boot/services';
import { createTestServer, type TestServer } from '../tests/support/server';
import { redisAnswersPing, TEST_REDIS_URL } from '../tests/support/redis';
import { addProjectMember, addWorkspaceMember, buildProject, buildUser, buildWorkspace, type TestProject, type TestUser, type TestWorkspace } from '../tests/support/factories';
import { bodyText, openEditor, typeParagraph, waitFor, type TestEditor } from './testing';

const REDIS_URL = TEST_REDIS_URL;

const hasRedis = await redisAnswersPing();
if (!hasRedis) console.warn(`[collab/redis.test.ts] skipped: no Redis at ${REDIS_URL}`);

let first: TestServer;
let second: FastifyInstance;
let owner: TestUser;
let member: TestUser;
let workspace: TestWorkspace;
let project: TestProject;
const editors: TestEditor[] = [];

beforeAll(async () => {
  if (!hasRedis) return;
  first = await createTestServer({ env: { REDIS_URL } });
  second = await startServices({ config: first.config, database: first.database, logger: false });
  owner = await buildUser(first);
  member = await buildUser(first);
  workspace = await buildWorkspace(first, owner);
  project = await buildProject(first, workspace, owner);
  await addWorkspaceMember(first, workspace, member, 15);
  await addProjectMember(first, project, member, 15);
});

afterAll(async () => {
  editors.forEach((editor) => editor.destroy());
  await second?.close();
  await first?.close();
});

test.skipIf(!hasRedis)('two collab servers with REDIS_URL share one document', async () => {
  const baseA = await first.listen();
  await second.listen({ port: 0, host: '127.0.0.1' });
  const baseB = `http://127.0.0.1:${(second.server.address() as { port: number }).port}`;
  const created = await first.inject({
    method: 'POST',
    url: `/api/workspaces/${workspace.slug}/projects/${project.id}/pages/`,
    headers: owner.headers,
    payload: { name: 'Shared' },
  });
  const pageId = created.json().id as string;
  const a = openEditor(baseA, pageId, { cookie: owner.headers.cookie });
  const b = openEditor(baseB, pageId, { cookie: member.headers.cookie });
  editors.push(a, b);
  await Promise.all([a.synced, b.synced]);
  typeParagraph(a.doc, 'typed on server A');
  await waitFor(() => bodyText(b.doc).includes('typed on server A'), 'A → B through Redis');
  typeParagraph(b.doc, 'typed on server B');
  await waitFor(() => bodyText(a.doc).includes('typed on server B'), 'B → A through Redis');
  expect(bodyText(a.doc)).toBe(bodyText(b.doc));
});
