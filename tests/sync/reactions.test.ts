// The reaction registry (server/reactions/, issue #25 item 3): each reaction is given exactly the
// changes it declares — checked against the change log real writes through the API leave, read by a
// second feed of the registry's reactions under their own cursors whose perform only records what it
// was given (the server's own feed keeps performing the real ones beside it).
import { describe, expect, test } from 'vitest';
import { feedReactions, startReactionFeed } from '../../server/reactions/feed';
import type { Reaction, ReactionChange } from '../../server/reactions/reaction';
import { REACTIONS } from '../../server/reactions/registry';
import { useWorld } from '../support/world';

const world = useWorld();
const { call } = world;

const mention = (userId: string) => `<p>hey <mention-component entity_name="user_mention" entity_identifier="${userId}"></mention-component></p>`;

/** Each reaction's declaration in plain words, written apart from its `applicableEvents`. */
const EXPECTED: Record<string, (change: ReactionChange) => boolean> = {
  notifications: (c) =>
    (c.entity === 'issue_activity' && c.op === 'create') || c.entity === 'comment' || (c.entity === 'issue' && c.op !== 'delete' && Boolean(c.mentioned?.length)),
  'notification-mail': (c) => c.entity === 'notification' && c.op === 'create',
  'module-cycle-progress': (c) =>
    c.entity === 'issue' && (c.op === 'delete' || (c.op === 'update' && (!c.fields?.length || c.fields.some((f) => ['state', 'parent', 'archived_at'].includes(f.field) || f.field.startsWith('estimate_'))))),
  webhooks: (c) => ['project', 'issue', 'cycle', 'module', 'comment'].includes(c.entity),
};

describe('reaction registry', () => {
  test('each reaction is given the changes it declares and only those', async () => {
    expect(REACTIONS.map((reaction) => reaction.name).sort()).toEqual(Object.keys(EXPECTED).sort());
    const seen = new Map<string, ReactionChange[]>(REACTIONS.map((reaction) => [reaction.name, []]));
    const spies: Reaction[] = REACTIONS.map((reaction) => ({
      ...reaction,
      name: `test-spy:${reaction.name}`,
      runs: 'after-commit',
      // The declarations alone: no "idle in this workspace" short cut (the webhooks one: no webhook here).
      idleIn: undefined,
      perform: async (_tx, changes) => void seen.get(reaction.name)!.push(...changes),
    }));

    const states = (await call('admin', 'GET', 'states/')).json() as Array<{ id: string; group: string }>;
    const label = (await call('admin', 'POST', 'issue-labels/', { name: 'Reacted label' })).json() as { id: string };
    const issue = (await call('admin', 'POST', 'issues/', { name: 'Reacted', assignee_ids: [world.member.id] })).json() as { id: string };
    expect((await call('admin', 'PATCH', `issues/${issue.id}/`, { name: 'Reacted, renamed' })).statusCode).toBe(200);
    expect((await call('admin', 'PATCH', `issues/${issue.id}/`, { state_id: states.find((s) => s.group === 'completed')!.id })).statusCode).toBe(200);
    expect((await call('admin', 'POST', `issues/${issue.id}/comments/`, { comment_html: mention(world.member.id) })).statusCode).toBe(201);
    expect((await call('admin', 'DELETE', `issues/${issue.id}/`)).statusCode).toBe(204);
    // One pass reads the whole log under the spies' own cursors (they start at 0 in this workspace).
    await feedReactions(world.server.app.ctx, spies, (error) => {
      throw error;
    });

    for (const [name, changes] of seen) {
      const wrong = changes.filter((change) => change.workspaceId === world.workspace.id && !EXPECTED[name](change));
      expect(wrong.map((change) => `${change.entity}:${change.op}`), name).toEqual([]);
    }
    const of = (name: string) => seen.get(name)!;
    const kinds = (name: string, entityId: string) => of(name).filter((change) => change.entityId === entityId).map((change) => `${change.op}${change.fields?.length ? `(${change.fields.map((f) => f.field).join(',')})` : ''}`);
    // Nobody reacts to a label.
    for (const name of seen.keys()) expect(kinds(name, label.id), name).toEqual([]);
    // Progress: the state change and the delete, not the create or the rename.
    expect(kinds('module-cycle-progress', issue.id)).toEqual(['update(state)', 'delete']);
    // Webhooks: every change of the issue; the comment.
    expect(kinds('webhooks', issue.id)).toEqual(['create', 'update(name)', 'update(state)', 'delete']);
    expect(of('webhooks').some((change) => change.entity === 'comment' && change.issueIds?.includes(issue.id))).toBe(true);
    // Notifications: the issue's activity rows (created, renamed, state, deleted) and the comment that mentions the member.
    const activity = of('notifications').filter((change) => change.entity === 'issue_activity' && change.issueIds?.includes(issue.id));
    expect(activity).toHaveLength(4);
    const comment = of('notifications').find((change) => change.entity === 'comment' && change.issueIds?.includes(issue.id));
    expect(comment?.mentioned).toEqual([world.member.id]);
    // Mail: the notifications the real notifications reaction wrote (to the assignee, the member).
    expect(of('notification-mail').filter((change) => change.workspaceId === world.workspace.id).length).toBeGreaterThan(0);
  });

  test('a stream of commits is served in passes at least 100 ms apart, each taking what came meanwhile', async () => {
    const issue = (await call('admin', 'POST', 'issues/', { name: 'Streamed' })).json() as { id: string };
    const passStarts: number[] = [];
    let performs = 0;
    let seen = 0;
    const spy = {
      name: 'test-spy:batching',
      runs: 'after-commit',
      applicableEvents: [{ entity: 'issue_activity', ops: ['create'] }],
      perform: async (_tx, changes) => {
        const mine = changes.filter((change) => change.issueIds?.includes(issue.id)).length;
        if (mine > 0) performs++;
        seen += mine;
      },
    } satisfies Reaction;
    const stop = await startReactionFeed(world.server.app.ctx, [spy], {
      onError: (error) => {
        throw error;
      },
      onPass: (startedAt) => passStarts.push(startedAt),
    });
    try {
      const priorities = ['high', 'low'];
      for (let i = 0; i < 12; i++) expect((await call('admin', 'PATCH', `issues/${issue.id}/`, { priority: priorities[i % 2] })).statusCode).toBe(200);
      const deadline = Date.now() + 10_000;
      while (seen < 13 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
    } finally {
      await stop();
    }
    // The issue's "created" row and the twelve updates, each once, in more than one pass.
    expect(seen).toBe(13);
    expect(performs).toBeGreaterThan(1);
    // Each pass starts at least the feed's interval after the one before (a commit every few
    // milliseconds would otherwise start one every 25 ms).
    for (let i = 1; i < passStarts.length; i++) expect(passStarts[i] - passStarts[i - 1]).toBeGreaterThanOrEqual(99);
  });
});
