// The /live WebSocket messages of API.md "Live stream" as zod schemas, so server and client agree on every frame.
import { z } from 'zod';
import { slugSchema, uuidSchema } from './schemas/common';
import { cycleResponse } from './schemas/cycle';
import { estimateResponse } from './schemas/estimate';
import { favoriteResponse, pageFavoriteChange } from './schemas/favorite';
import { intakeIssue } from './schemas/intake';
import { issueListItem } from './schemas/issue';
import { commentReaction, issueActivity, issueAttachment, issueComment, issueLink, issueReaction, issueRelationRow } from './schemas/issue-extras';
import { labelResponse } from './schemas/label';
import { moduleLinkResponse, moduleResponse } from './schemas/module';
import { notification } from './schemas/notification';
import { pageResponse } from './schemas/page';
import { projectResponse } from './schemas/project';
import { projectMemberRole } from './schemas/project-member';
import { stateResponse } from './schemas/state';
import { viewResponse } from './schemas/view';
import { workspaceMemberResponse, workspaceResponse } from './schemas/workspace';

export { PROTOCOL_VERSION } from './live-protocol-version';

// Close codes: kept in their own module so the browser can read the close codes without the zod schemas below.
export { LiveCloseCode } from './live-close-codes';

/**
 * The declared live protocol: every entity the server may emit, with the schema of its `data` (the
 * entity as the REST API returns it; `{id}` alone for a delete). The server's `recordChange` takes
 * only these names, each with its own payload type, and the client registers a handler for each
 * (client/components/app-shell/live-connection.ts), so an entity added here without a handler, or
 * emitted without being declared, fails the typecheck. Adding an entity that clients in the field
 * would drop is an incompatible change: bump PROTOCOL_VERSION with it.
 */
export const liveEntitySchemas = {
  issue: issueListItem,
  cycle: cycleResponse,
  module: moduleResponse,
  module_link: moduleLinkResponse,
  page: pageResponse,
  view: viewResponse,
  state: stateResponse,
  label: labelResponse,
  estimate: estimateResponse,
  project: projectResponse,
  /** A project membership (`project_id` set) or a workspace membership (`project_id` null). */
  member: z.union([projectMemberRole, workspaceMemberResponse]),
  workspace: workspaceResponse,
  /** A sidebar favorite; a page's favorite carries the page's name only. */
  favorite: z.union([favoriteResponse, pageFavoriteChange]),
  notification,
  inbox_issue: intakeIssue,
  comment: issueComment,
  comment_reaction: commentReaction,
  issue_reaction: issueReaction,
  issue_link: issueLink,
  issue_attachment: issueAttachment,
  issue_relation: issueRelationRow,
  /** One issue_activities row, as the history route returns it; `version` is activityVersion(updated_at). */
  issue_activity: issueActivity,
} as const satisfies Record<string, z.ZodType<{ id: string }>>;

/** Entity names of change events. */
export type LiveEntity = keyof typeof liveEntitySchemas;
/** The same names as constants, for code that names an entity outside a literal. */
export const LiveEntity = Object.fromEntries(Object.keys(liveEntitySchemas).map((name) => [name.toUpperCase(), name])) as {
  readonly [Name in LiveEntity as Uppercase<Name>]: Name;
};
/** Every declared entity name. */
export const LIVE_ENTITIES = Object.keys(liveEntitySchemas) as LiveEntity[];
/** The `data` of a create or update change of `E`, as the server builds it. */
export type LiveData<E extends LiveEntity> = z.input<(typeof liveEntitySchemas)[E]>;

/** What a change did to its entity. */
export const ChangeOp = { CREATE: 'create', UPDATE: 'update', DELETE: 'delete' } as const;
export type ChangeOp = (typeof ChangeOp)[keyof typeof ChangeOp];

const changeId = z.number().int().nonnegative();
const slug = slugSchema;

/**
 * client → server: replay changes after `since`, then stream live ones. `protocol_version` is the
 * client's PROTOCOL_VERSION (the app always sends it; API clients of API.md may leave it out).
 */
const subscribeMessageSchema = z.object({ type: z.literal('subscribe'), workspace: slug, since: changeId, protocol_version: z.number().int().positive().optional() });
/** server → client: replay done; `head` is the latest change id. */
const readyMessageSchema = z.object({ type: z.literal('ready'), workspace: slug, head: changeId });
/** server → client: one change, `data` as the REST API returns the entity (`{id}` alone for a delete). */
const changeMessageSchema = z.object({
  type: z.literal('change'),
  id: changeId,
  entity: z.enum(LIVE_ENTITIES as [LiveEntity, ...LiveEntity[]]),
  op: z.enum([ChangeOp.CREATE, ChangeOp.UPDATE, ChangeOp.DELETE]),
  workspace: slug,
  project_id: uuidSchema.nullable(),
  version: z.number().int().nonnegative(),
  data: z.record(z.string(), z.unknown()),
  client_mutation_id: z.string().nullable(),
});
/** server → client: `since` is older than the retained log; reload. */
const resetMessageSchema = z.object({ type: z.literal('reset'), reason: z.string().optional() });
/**
 * server → client: the client speaks another protocol version (`protocol_version` is the
 * server's); the server closes with LiveCloseCode.OUTDATED_CLIENT and the page should reload.
 */
const versionMismatchMessageSchema = z.object({ type: z.literal('version_mismatch'), protocol_version: z.number().int().positive() });
/** Either side: keep-alive; from the server it carries the processed cursor. */
const pingMessageSchema = z.object({ type: z.literal('ping'), cursor: changeId.optional() });
/** Either side: answer to a ping. */
const pongMessageSchema = z.object({ type: z.literal('pong') });

/** Messages a client may send. */
const clientMessageSchema = z.discriminatedUnion('type', [subscribeMessageSchema, pingMessageSchema, pongMessageSchema]);
/** Messages a server may send. */
export const serverMessageSchema = z.discriminatedUnion('type', [
  readyMessageSchema,
  changeMessageSchema,
  resetMessageSchema,
  versionMismatchMessageSchema,
  pingMessageSchema,
  pongMessageSchema,
]);

export type SubscribeMessage = z.infer<typeof subscribeMessageSchema>;
export type ReadyMessage = z.infer<typeof readyMessageSchema>;
export type ChangeMessage = z.infer<typeof changeMessageSchema>;
type ClientMessage = z.infer<typeof clientMessageSchema>;
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
  const message = parseWith(serverMessageSchema, json);
  if (message?.type !== 'change') return message;
  return hasValidData(message) ? message : null;
}

const deletionSchema = z.object({ id: z.string().min(1) });

/**
 * Whether a change's `data` is what its entity declares: the whole entity for a create or update
 * (fields the declaration does not know are let through, so a newer server's additions do not cost
 * an older client the change), its id for a delete.
 */
function hasValidData(change: ChangeMessage): boolean {
  if (change.op === 'delete') return deletionSchema.safeParse(change.data).success;
  return looseSchemaOf(change.entity).safeParse(change.data).success;
}

const looseSchemas = new Map<LiveEntity, z.ZodType>();
/** The entity's schema with unknown top-level keys allowed (built once per entity, on first need). */
function looseSchemaOf(entity: LiveEntity): z.ZodType {
  let schema = looseSchemas.get(entity);
  if (!schema) {
    const declared: z.ZodType = liveEntitySchemas[entity];
    schema = declared instanceof z.ZodObject ? declared.loose() : declared instanceof z.ZodUnion ? z.union(declared.options.map((option) => (option instanceof z.ZodObject ? option.loose() : option)) as [z.ZodType, z.ZodType]) : declared;
    looseSchemas.set(entity, schema);
  }
  return schema;
}
