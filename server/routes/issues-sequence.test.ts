// Sequence ids are gap-free and unique under concurrency: 50 parallel creates over real HTTP get
// exactly 1..50, on Postgres and on PGlite.
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
      const bodies = (await Promise.all(responses.map((response) => response.json()))) as Array<{ sequence_id: number }>;
      expect(bodies.map((body) => body.sequence_id).sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, index) => index + 1));
    } finally {
      await server.close();
    }
  }, 150_000); // PGlite runs every statement on one thread: 25 s on a quiet 2-core machine, over 60 s under CI's load.
});
