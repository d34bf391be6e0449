import { describe, test, expect } from 'vitest';
import { LIVE_ENTITIES, PROTOCOL_VERSION, liveEntitySchemas, parseClientMessage, parseServerMessage, serverMessageSchema, type ChangeMessage } from './live-protocol';

const label = { id: 'l1', name: 'bug', color: '#ff0000', description: '', parent: null, sort_order: 65535, project_id: null, workspace_id: 'w1', version: 3 };
const change: ChangeMessage = {
  type: 'change',
  id: 42,
  entity: 'label',
  op: 'update',
  workspace: 'acme',
  project_id: '3f2b8c1e-8d4a-4c4e-9f0a-1b2c3d4e5f60',
  version: 3,
  data: label,
  client_mutation_id: null,
};

describe('live protocol', () => {
  test('protocol version is 1', () => {
    expect(PROTOCOL_VERSION).toBe(1);
  });

  test('parses a subscribe frame from JSON text', () => {
    expect(parseClientMessage('{"type":"subscribe","workspace":"acme","since":0}')).toEqual({
      type: 'subscribe',
      workspace: 'acme',
      since: 0,
    });
  });

  test('parses ping and pong from either side', () => {
    expect(parseClientMessage({ type: 'ping' })).toEqual({ type: 'ping' });
    expect(parseClientMessage('{"type":"pong"}')).toEqual({ type: 'pong' });
    expect(parseServerMessage({ type: 'ping', cursor: 7 })).toEqual({ type: 'ping', cursor: 7 });
  });

  test('refuses invalid client frames', () => {
    for (const bad of [
      'not json',
      '{"type":"subscribe","workspace":"acme"}',
      '{"type":"subscribe","workspace":"acme","since":-1}',
      '{"type":"subscribe","workspace":"acme","since":1.5}',
      '{"type":"subscribe","workspace":"","since":0}',
      '{"type":"change"}',
      '{"type":"ready","workspace":"acme","head":1}',
      'null',
      '[]',
    ]) {
      expect(parseClientMessage(bad)).toBeNull();
    }
  });

  test('parses server frames', () => {
    expect(parseServerMessage(JSON.stringify(change))).toEqual(change);
    expect(parseServerMessage({ type: 'ready', workspace: 'acme', head: 10 })).toEqual({ type: 'ready', workspace: 'acme', head: 10 });
    expect(parseServerMessage({ type: 'reset' })).toEqual({ type: 'reset' });
    expect(parseServerMessage({ ...change, project_id: null })?.type).toBe('change');
  });

  test('a change\'s data must be what its entity declares (unknown fields aside); a delete carries the id', () => {
    expect(parseServerMessage({ ...change, data: { ...label, added_later: true } })?.type).toBe('change');
    expect(parseServerMessage({ ...change, data: { id: 'l1', name: 'bug' } })).toBeNull();
    expect(parseServerMessage({ ...change, data: { ...label, sort_order: 'first' } })).toBeNull();
    expect(parseServerMessage({ ...change, entity: 'label_group' })).toBeNull();
    expect(parseServerMessage({ ...change, op: 'delete', data: { id: 'l1' } })?.type).toBe('change');
    expect(parseServerMessage({ ...change, op: 'delete', data: {} })).toBeNull();
  });

  test('every declared entity has a payload schema with an id', () => {
    expect(LIVE_ENTITIES.length).toBeGreaterThanOrEqual(22);
    for (const entity of LIVE_ENTITIES) expect(liveEntitySchemas[entity].safeParse({}).success, entity).toBe(false);
  });

  test('the server\'s version_mismatch message and the subscribe\'s protocol_version are declared', () => {
    expect(parseServerMessage({ type: 'version_mismatch', protocol_version: 2 })).toEqual({ type: 'version_mismatch', protocol_version: 2 });
    expect(parseClientMessage({ type: 'subscribe', workspace: 'acme', since: 0, protocol_version: PROTOCOL_VERSION })).toMatchObject({ protocol_version: PROTOCOL_VERSION });
  });

  test('refuses malformed change frames', () => {
    expect(serverMessageSchema.safeParse({ ...change, op: 'upsert' }).success).toBe(false);
    expect(serverMessageSchema.safeParse({ ...change, project_id: 'nope' }).success).toBe(false);
    expect(serverMessageSchema.safeParse({ ...change, client_mutation_id: undefined }).success).toBe(false);
  });
});
