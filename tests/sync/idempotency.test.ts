// Mutation receipts of routes outside the issue/project services: the instance configuration
// update claims its receipt inside its own write transaction (a duplicate cannot apply), and the
// API-token create, whose answer carries the secret, never stores that answer as a receipt.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { instanceConfigurations, mutationReceipts } from '../../db/schema/index';
import { ConflictError } from '../../server/errors';
import { updateConfigurations } from '../../server/services/ops/instance-configuration';
import { createTestServer, type TestServer } from '../support/server';
import { buildUser, buildWorkspace, setupInstance, type TestUser } from '../support/factories';

let server: TestServer;
let admin: TestUser;

beforeAll(async () => {
  server = await createTestServer();
  admin = await buildUser(server);
  await setupInstance(server, admin);
});

afterAll(async () => {
  await server?.close();
});

const storedValue = async (key: string) =>
  (await server.database.db.select().from(instanceConfigurations).where(eq(instanceConfigurations.key, key)))[0]?.value;

describe('mutation receipts outside the change-log services', () => {
  test('instance configurations: the receipt is claimed in the write transaction, so a duplicate changes nothing', async () => {
    const options = { actorId: admin.id, clientMutationId: 'cfg-1' };
    await updateConfigurations(server.app.ctx, { GOOGLE_CLIENT_ID: 'first' }, admin.id, options);
    const [claim] = await server.database.db
      .select()
      .from(mutationReceipts)
      .where(and(eq(mutationReceipts.actorId, admin.id), eq(mutationReceipts.clientMutationId, 'cfg-1')));
    expect(claim).toBeDefined();
    // A retry racing the first (its receipt claimed, answer not stored yet) must not apply again.
    await expect(updateConfigurations(server.app.ctx, { GOOGLE_CLIENT_ID: 'second' }, admin.id, { ...options })).rejects.toBeInstanceOf(ConflictError);
    expect(await storedValue('GOOGLE_CLIENT_ID')).toBe('first');
    // Without a mutation id nothing is claimed and the update applies.
    await updateConfigurations(server.app.ctx, { GOOGLE_CLIENT_ID: 'third' }, admin.id);
    expect(await storedValue('GOOGLE_CLIENT_ID')).toBe('third');
  });

  test('an API-token create never stores its answer (the secret) as a receipt', async () => {
    const user = await buildUser(server);
    const workspace = await buildWorkspace(server, user);
    const response = await server.inject({
      method: 'POST',
      url: `/api/workspaces/${workspace.slug}/api-tokens/`,
      headers: { ...user.headers, 'x-client-mutation-id': 'token-1' },
      payload: { label: 'ci' },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().token).toMatch(/\S{16,}/);
    const receipts = await server.database.db.select().from(mutationReceipts).where(eq(mutationReceipts.actorId, user.id));
    expect(receipts).toEqual([]);
    // A receipt-backed route of the same user still stores its answer (the opt-out is per route).
    const renamed = await server.inject({
      method: 'PATCH',
      url: `/api/workspaces/${workspace.slug}/`,
      headers: { ...user.headers, 'x-client-mutation-id': 'ws-1' },
      payload: { name: 'Renamed' },
    });
    expect(renamed.statusCode).toBe(200);
    const stored = await server.database.db.select().from(mutationReceipts).where(eq(mutationReceipts.actorId, user.id));
    expect(stored.map((row) => [row.clientMutationId, row.status])).toEqual([['ws-1', 200]]);
  });
});
