// Issue 25 item 2: an issue's labels and assignees change by intent (`label_ids_add`, …), merged on
// the server, so two people editing one set at the same moment both keep their change — one of them
// replaying from the outbox, the other saving online. The requests are built by the client's own
// code (issuePatchEntry + the Outbox, driven in Node over real HTTP), and each teammate's write is
// made to land exactly inside the other's send (the transport holds the request until it has), the
// window in which a read-then-write of the whole set used to overwrite it.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { Outbox, type Transport } from '../../client/outbox/outbox';
import { issuePatchEntry, type Issue } from '../../client/stores/issue-store';
import { createTestServer, type TestServer } from '../support/server';
import { addProjectMember, addWorkspaceMember, buildProject, buildUser, buildWorkspace, setupInstance, type TestProject, type TestUser, type TestWorkspace } from '../support/factories';
import { fetchTransport } from '../support/outbox-transport';

let server: TestServer;
let baseUrl: string;
let alice: TestUser, bob: TestUser;
let workspace: TestWorkspace;
let project: TestProject;

beforeAll(async () => {
  server = await createTestServer();
  baseUrl = await server.listen();
  alice = await buildUser(server);
  await setupInstance(server, alice);
  bob = await buildUser(server);
  workspace = await buildWorkspace(server, alice);
  await addWorkspaceMember(server, workspace, bob, 15);
  project = await buildProject(server, workspace, alice);
  await addProjectMember(server, project, bob, 15);
});

afterAll(async () => {
  await server?.close();
});

const projectPath = () => `/api/workspaces/${workspace.slug}/projects/${project.id}`;

async function rest(user: TestUser, method: 'GET' | 'POST', url: string, payload?: object) {
  const response = await server.inject({ method, url: `${projectPath()}${url}`, headers: user.headers, ...(payload ? { payload } : {}) });
  expect(response.statusCode, response.body).toBeLessThan(300);
  return response.json();
}

/** A transport whose first PATCH waits until `before()` has run (the teammate's write lands first). */
function holdingTransport(inner: Transport, before: () => Promise<void>): Transport {
  let held = false;
  return async (request, mutationId, signal) => {
    if (request.method === 'PATCH' && !held) {
      held = true;
      await before();
    }
    return inner(request, mutationId, signal);
  };
}

/** One person's change to the issue as they saw it, sent through an outbox of their own. */
function outboxOf(user: TestUser, online: () => boolean, before: () => Promise<void> = async () => {}) {
  return new Outbox({ transport: holdingTransport(fetchTransport(() => (online() ? baseUrl : null), user.headers), before), baseDelayMs: 60_000 });
}

function save(outbox: Outbox, seen: Issue, patch: Partial<Issue>) {
  return outbox.enqueue(issuePatchEntry(workspace.slug, seen, patch));
}

test('two people add different labels at once, one replaying from the outbox: both labels stay, each with its activity', async () => {
  const [mine, theirs] = await Promise.all(['Alice label', 'Bob label'].map((name) => rest(alice, 'POST', '/issue-labels/', { name }) as Promise<{ id: string }>));
  const seen = (await rest(alice, 'POST', '/issues/', { name: 'labels at once' })) as Issue;
  expect(seen.label_ids).toEqual([]);

  // Bob saves online; his save lands while Alice's queued edit is on its way.
  const bobSaved = () => save(outboxOf(bob, () => true), seen, { label_ids: [theirs.id] }).done.then(() => undefined);
  // Alice added her label offline (her store showed no labels); her outbox replays it on reconnect.
  let aliceOnline = false;
  const aliceOutbox = outboxOf(alice, () => aliceOnline, bobSaved);
  const queued = save(aliceOutbox, seen, { label_ids: [mine.id] });
  await queued.first;
  aliceOnline = true;
  aliceOutbox.kick();
  await queued.done;

  const issue = (await rest(alice, 'GET', `/issues/${seen.id}/`)) as Issue;
  expect([...issue.label_ids].sort()).toEqual([mine.id, theirs.id].sort());
  const history = (await rest(alice, 'GET', `/issues/${seen.id}/history/`)) as Array<{ field: string | null; new_identifier: string | null; old_identifier: string | null; actor: string }>;
  const added = history.filter((row) => row.field === 'labels');
  expect(added.map((row) => [row.actor, row.new_identifier, row.old_identifier]).sort()).toEqual(
    [
      [alice.id, mine.id, null],
      [bob.id, theirs.id, null],
    ].sort(),
  );
});

test('two people assign themselves at once, the online save racing an outbox replay: both assignees stay', async () => {
  const seen = (await rest(alice, 'POST', '/issues/', { name: 'assignees at once' })) as Issue;
  expect(seen.assignee_ids).toEqual([]);

  // Alice's queued edit replays while Bob's online save is on its way.
  let aliceOnline = false;
  const aliceOutbox = outboxOf(alice, () => aliceOnline);
  const queued = save(aliceOutbox, seen, { assignee_ids: [alice.id] });
  await queued.first;
  const aliceReplayed = async () => {
    aliceOnline = true;
    aliceOutbox.kick();
    await queued.done;
  };
  await save(outboxOf(bob, () => true, aliceReplayed), seen, { assignee_ids: [bob.id] }).done;

  const issue = (await rest(bob, 'GET', `/issues/${seen.id}/`)) as Issue;
  expect([...issue.assignee_ids].sort()).toEqual([alice.id, bob.id].sort());
});

test('a removal by intent leaves a teammate\'s concurrent addition in place; the whole-set form still replaces', async () => {
  const [one, two, three] = await Promise.all(['one', 'two', 'three'].map((name) => rest(alice, 'POST', '/issue-labels/', { name: `set-${name}` }) as Promise<{ id: string }>));
  const seen = (await rest(alice, 'POST', '/issues/', { name: 'remove by intent', label_ids: [one.id] })) as Issue;
  const bobAdded = () => save(outboxOf(bob, () => true), seen, { label_ids: [one.id, two.id] }).done.then(() => undefined);
  await save(outboxOf(alice, () => true, bobAdded), seen, { label_ids: [] }).done;
  expect(((await rest(alice, 'GET', `/issues/${seen.id}/`)) as Issue).label_ids).toEqual([two.id]);

  const replaced = await server.inject({ method: 'PATCH', url: `${projectPath()}/issues/${seen.id}/`, headers: alice.headers, payload: { label_ids: [three.id] } });
  expect(replaced.statusCode).toBe(200);
  expect(replaced.json().label_ids).toEqual([three.id]);
});
