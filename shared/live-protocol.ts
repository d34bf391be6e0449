// The /live WebSocket messages of API.md "Live stream" as zod schemas, so server and client agree on every frame.
import { z } from 'zod';
import { slugSchema, uuidSchema } from './schemas/common';

/** Version of this protocol; bump on any incompatible change. */
export const PROTOCOL_VERSION = 1;
/** How often the server sends a heartbeat ping. */
export const PING_INTERVAL_MS = 25_000;

// Close codes: kept in their own module so the browser can read the close codes without the zod schemas below.
export { LiveCloseCode } from './live-close-codes';

/** Entities that appear in change events (the list is open: new entities may be added). */
export const LiveEntity = {
  ISSUE: 'issue',
  CYCLE: 'cycle',
  MODULE: 'module',
  PAGE: 'page',
  VIEW: 'view',
  STATE: 'state',
  LABEL: 'label',
  PROJECT: 'project',
  MEMBER: 'member',
  NOTIFICATION: 'notification',
  INBOX_ISSUE: 'inbox_issue',
  COMMENT: 'comment',
  /** One issue_activities row, as the history route returns it; `version` is activityVersion(updated_at). */
  ISSUE_ACTIVITY: 'issue_activity',
} as const;
export type LiveEntity = (typeof LiveEntity)[keyof typeof LiveEntity];

/** What a change did to its entity. */
export const ChangeOp = { CREATE: 'create', UPDATE: 'update', DELETE: 'delete' } as const;
export type ChangeOp = (typeof ChangeOp)[keyof typeof ChangeOp];

const changeId = z.number().int().nonnegative();
const slug = slugSchema;

/** client → server: replay changes after `since`, then stream live ones. */
export const subscribeMessageSchema = z.object({ type: z.literal('subscribe'), workspace: slug, since: changeId });
/** server → client: replay done; `head` is the latest change id. */
export const readyMessageSchema = z.object({ type: z.literal('ready'), workspace: slug, head: changeId });
/** server → client: one change, `data` as the REST API returns the entity (`{id}` alone for a delete). */
export const changeMessageSchema = z.object({
  type: z.literal('change'),
  id: changeId,
  entity: z.string().min(1),
  op: z.enum([ChangeOp.CREATE, ChangeOp.UPDATE, ChangeOp.DELETE]),
  workspace: slug,
  project_id: uuidSchema.nullable(),
  version: z.number().int().nonnegative(),
  data: z.record(z.string(), z.unknown()),
  client_mutation_id: z.string().nullable(),
});
/** server → client: `since` is older than the retained log; reload. */
export const resetMessageSchema = z.object({ type: z.literal('reset'), reason: z.string().optional() });
/** Either side: keep-alive; from the server it carries the processed cursor. */
export const pingMessageSchema = z.object({ type: z.literal('ping'), cursor: changeId.optional() });
/** Either side: answer to a ping. */
export const pongMessageSchema = z.object({ type: z.literal('pong') });

/** Messages a client may send. */
export const clientMessageSchema = z.discriminatedUnion('type', [subscribeMessageSchema, pingMessageSchema, pongMessageSchema]);
/** Messages a server may send. */
export const serverMessageSchema = z.discriminatedUnion('type', [
  readyMessageSchema,
  changeMessageSchema,
  resetMessageSchema,
  pingMessageSchema,
  pongMessageSchema,
]);

export type SubscribeMessage = z.infer<typeof subscribeMessageSchema>;
export type ReadyMessage = z.infer<typeof readyMessageSchema>;
export type ChangeMessage = z.infer<typeof changeMessageSchema>;
export type ResetMessage = z.infer<typeof resetMessageSchema>;
export type PingMessage = z.infer<typeof pingMessageSchema>;
export type PongMessage = z.infer<typeof pongMessageSchema>;
export type ClientMessage = z.infer<typeof clientMessageSchema>;
export type ServerMessage = z.infer<typeof serverMessageSchema>;

function parseWith<T>(schema: z.ZodType<T>, input: unknown): T | null {
  let value = input;
  if (typeof input === 'string') {
    try {
      value = JSON.parse(input);
    } catch {
      return null;
    }
  }
  const result = schema.safeParse(value);
  return result.success ? result.data : null;
}

/** Parses a client frame (JSON text or an already-decoded value); `null` when it is not a valid message. */
export function parseClientMessage(json: unknown): ClientMessage | null {
  return parseWith(clientMessageSchema, json);
}

/** Parses a server frame (JSON text or an already-decoded value); `null` when it is not a valid message. */
export function parseServerMessage(json: unknown): ServerMessage | null {
  return parseWith(serverMessageSchema, json);
}
