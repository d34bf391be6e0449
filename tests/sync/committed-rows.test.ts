// A write of this process to a workspace it streams live hands its committed rows to the hub
// (server/live/record-change.ts → reader.deliverCommitted): its subscribers get the events before
// the write returns, without a read of the change log, and the rows are the ones the log holds.
// When the reader is behind (a change it has not read yet came first), it reads instead, in order.
import { describe, expect, test } from 'vitest';
import { randomUUID } from 'node:crypto';
import type { CommittedRows, CommittedWrite } from '../../server/context';
import { liveEngineOf } from '../../server/live/engine';
import { readChanges, recordChange, withTransaction } from '../../server/live/record-change';
import { useTeam } from '../support/team';
import { eventually, useLiveSockets, writeChange } from './live-client';

const team = useTeam({});
const live = useLiveSockets(team);

/** Records what every commit of the app's process hands on, while `body` runs. */
async function watchCommits(body: () => Promise<void>): Promise<CommittedWrite[]> {
  const ctx = team.server.app.ctx;
  const seen: CommittedWrite[] = [];
  const listener = (written: CommittedWrite) => void seen.push(written);
  ctx.afterCommit.push(listener);
  try {
    await body();
  } finally {
    ctx.afterCommit.splice(ctx.afterCommit.indexOf(listener), 1);
  }
  return seen;
}

describe('committed rows go to the hub without a read of the log', () => {
  test('a two-change write reaches a subscriber before it returns, with the rows the log holds', async () => {
    const client = await live.subscribed(team.owner);
    const engine = liveEngineOf(team.server.app.ctx)!;
    const workspaceId = team.workspace.id;
    await eventually(() => engine.reader.head(workspaceId) !== undefined);
    const headBefore = engine.reader.head(workspaceId)!;
    const [first, second] = [randomUUID(), randomUUID()];
    let deliveredWhenReturned = -1;
    const seen = await watchCommits(async () => {
      const deliveredBefore = engine.hub.delivered;
      await withTransaction(team.server.app.ctx, { actorId: team.owner.id, clientMutationId: null }, async (tx) => {
        // A Date goes to jsonb as text: the handed-on data must hold the text too, as a read would.
        recordChange(tx, { workspaceId, projectId: team.project.id, entity: 'label', entityId: first, op: 'create', version: 1, data: { id: first, name: 'one', created_at: new Date('2026-01-02T03:04:05Z') } as never });
        recordChange(tx, { workspaceId, projectId: team.project.id, entity: 'label', entityId: second, op: 'create', version: 1, data: { id: second, name: 'two', skipped: undefined } as never });
      });
      // Synchronous since the commit: no read of the log, no timer, no other event in between.
      deliveredWhenReturned = engine.hub.delivered - deliveredBefore;
    });

    expect(deliveredWhenReturned).toBe(2);
    expect(seen).toHaveLength(1);
    const rows = seen[0].rows as CommittedRows;
    expect(rows.workspaceId).toBe(workspaceId);
    expect(rows.previousId).toBe(headBefore);
    const logged = await readChanges(team.server.app.ctx.db, workspaceId, headBefore, 10);
    expect(rows.changes).toEqual(logged);
    expect(rows.changes.map((change) => change.entityId)).toEqual([first, second]);
    expect(engine.reader.head(workspaceId)).toBe(logged[1].id);

    const events = await client.waitFor((message) => message.type === 'change' && message.data.id === second);
    expect(events).toMatchObject({ entity: 'label', data: { name: 'two' } });
    const labels = client.changes().filter((change) => change.entity === 'label');
    expect(labels.map((change) => change.data)).toEqual([
      { id: first, name: 'one', created_at: '2026-01-02T03:04:05.000Z' },
      { id: second, name: 'two' },
    ]);
  });

  test('behind a change the reader has not read yet, the write is read from the log in order', async () => {
    const client = await live.subscribed(team.owner);
    const ctx = team.server.app.ctx;
    const workspaceId = team.workspace.id;
    // A change committed with this process's live hook off: as if another process wrote it and its
    // NOTIFY had not arrived yet. The reader's head stays before it, until the next wake.
    const streamsLive = ctx.streamsLive;
    const listeners = ctx.afterCommit.splice(0);
    let hidden = '';
    try {
      delete ctx.streamsLive;
      hidden = await writeChange(team.server, { workspaceId, projectId: team.project.id, entity: 'label', data: { name: 'from elsewhere' } });
    } finally {
      ctx.streamsLive = streamsLive;
      ctx.afterCommit.push(...listeners);
    }
    const seen = await watchCommits(async () => {
      await writeChange(team.server, { workspaceId, projectId: team.project.id, entity: 'label', data: { name: 'from here' } });
    });
    // The rows were offered with the hidden change as their previous one: the reader takes them only
    // if it has read that change by now (its NOTIFY came first), and reads from its head otherwise.
    const [hiddenRow] = (await readChanges(ctx.db, workspaceId, 0, 1000)).filter((change) => change.entityId === hidden);
    expect(seen[0].rows?.previousId).toBe(hiddenRow.id);

    await client.waitFor((message) => message.type === 'change' && message.data.name === 'from here');
    const changes = client.changes();
    const ids = changes.map((change) => change.id);
    expect(ids).toEqual([...new Set(ids)].sort((a, b) => a - b));
    const hiddenAt = changes.findIndex((change) => change.data.id === hidden);
    expect(hiddenAt).toBeGreaterThanOrEqual(0);
    expect(hiddenAt).toBeLessThan(changes.findIndex((change) => change.data.name === 'from here'));
  });
});
