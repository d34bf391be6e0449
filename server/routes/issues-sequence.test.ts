// Sequence ids are gap-free and unique under concurrency: 50 parallel creates over real HTTP get
// exactly 1..50, on Postgres and on PGlite; and each lands below the ones numbered before it (the sort
// order is read under the sequence row's lock, in the same round trip as taking it).
import { describe, expect, test } from 'vitest';
import { availableDrivers } from '../../tests/support/db';
import { createTestServer } from '../../tests/support/server';
import { buildWorld } from '../../tests/support/world';

describe.each(availableDrivers())('issue sequence on %s', (driver) => {
  test('50 parallel creates get sequence ids 1..50', async () => {
    const server = await createTestServer({ driver });
    try {
      const world = await buildWorld(server);
      const baseUrl = await server.listen();
      const url = `${baseUrl}/api/workspaces/${world.workspace.slug}/projects/${world.project.id}/issues/`;
      const headers = { ...world.headers.member, 'content-type': 'application/json' };
      const responses = await Promise.all(
        Array.from({ length: 50 }, (_, index) => fetch(url, { method: 'POST', headers, body: JSON.stringify({ name: `Parallel ${index}` }) })),
      );
      expect(responses.map((response) => response.status)).toEqual(Array(50).fill(201));
      const bodies = (await Promise.all(responses.map((response) => response.json()))) as Array<{ sequence_id: number; sort_order: number; state_id: string }>;
      expect(bodies.map((body) => body.sequence_id).sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, index) => index + 1));
      // All in the default state: in sequence order, every sort order is above the one before.
      expect(new Set(bodies.map((body) => body.state_id)).size).toBe(1);
      const bySequence = [...bodies].sort((a, b) => a.sequence_id - b.sequence_id).map((body) => body.sort_order);
      expect(bySequence.every((order, index) => index === 0 || order > bySequence[index - 1])).toBe(true);
    } finally {
      await server.close();
    }
  }, 150_000); // PGlite runs every statement on one thread: 25 s on a quiet 2-core machine, over 60 s under CI's load.
});
