// A write through Plane's public API is live: an issue an agent creates and moves through /api/v1
// (Plane's Node SDK here) reaches a browser's open /live subscription with the app's own change
// events, because /api/v1 writes through the same services and recordChange as the app API.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { ChangeMessage } from '../../shared/live-protocol';
import { openLive, type LiveClient } from '../sync/live-client';
import { startPublicApiWorld, type PublicApiWorld } from './support';

describe('/api/v1 writes reach /live subscribers', () => {
  let t: PublicApiWorld;
  let live: LiveClient;
  beforeAll(async () => {
    t = await startPublicApiWorld();
    // The admin's browser, open on the workspace.
    live = await openLive(t.baseUrl, { headers: t.world.admin.headers });
    live.subscribe(t.world.workspace.slug, 0);
    await live.waitFor((message) => message.type === 'ready');
  });
  afterAll(async () => {
    live?.close();
    await t?.server.close();
  });

  test('a created and then moved work item arrives as issue create and update events', async () => {
    const slug = t.world.workspace.slug;
    const projectId = t.world.project.id;
    const created = await t.plane.workItems.create(slug, projectId, { name: 'Agent-made', priority: 'low' });
    const createEvent = await live.waitFor<ChangeMessage>((message) => message.type === 'change' && message.entity === 'issue' && message.op === 'create' && message.data.id === created.id);
    expect(createEvent).toMatchObject({ project_id: projectId, data: { name: 'Agent-made', priority: 'low' } });

    await t.plane.workItems.update(slug, projectId, created.id, { state: t.world.project.states.started });
    const moved = await live.waitFor<ChangeMessage>(
      (message) => message.type === 'change' && message.entity === 'issue' && message.op === 'update' && message.data.id === created.id && message.data.state_id === t.world.project.states.started,
    );
    expect(moved.version).toBeGreaterThan(createEvent.version);
  });
});
