// Response schemas (shared/schemas, declared on every route) on the wire.
//
// Serialization is plain JSON.stringify — exactly what Fastify did before routes declared response
// schemas, so no byte on the wire changes and no field is ever stripped. The zod schemas are NOT used
// to serialize: Fastify's default serializer compiler expects JSON Schema, and a stripping zod parse
// would drop fields a presenter adds before its schema does.
//
// Checking the body against the schema is validation-only and on in tests (and when asked), off in
// production: the issue lists answer thousands of rows, and the list engine hands Fastify a finished
// JSON string (server/list-engine) precisely so no per-row work happens after the query. Re-parsing
// and validating that string on every request would add measurable time to the hottest endpoint for
// no user-visible gain; the route tests exercise every route with validation on, which is where a
// presenter drifting from its schema is caught. The check runs on the serialized payload, so it
// judges exactly what a client receives (Dates already ISO strings, list-engine strings included).
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySerializerCompiler } from 'fastify';
import fp from 'fastify-plugin';
import type { z } from 'zod';

/** Every route's responses serialize with JSON.stringify; the schema only documents and (in tests) checks. */
export const jsonSerializerCompiler: FastifySerializerCompiler<unknown> = () => (data) => JSON.stringify(data);

type ResponseSchemas = Record<string, z.ZodType>;

/** The schema a route declared for a status: exact code, then `4xx`-style range, then `default`. */
function schemaForStatus(schemas: ResponseSchemas, status: number): z.ZodType | undefined {
  return schemas[String(status)] ?? schemas[`${String(status)[0]}xx`] ?? schemas.default;
}

/** Thrown (and turned into a 500 by the error handler) when a route answers outside its declaration. */
class ResponseContractError extends Error {}

function checkResponse(request: FastifyRequest, reply: FastifyReply, payload: unknown): void {
  const schemas = request.routeOptions.schema?.response as ResponseSchemas | undefined;
  // Unknown routes (the not-found handler), WebSocket upgrades, HEAD (no body) and 5xx (a bug,
  // already logged) are not checked.
  if (!schemas || request.method === 'HEAD' || reply.statusCode >= 500) return;
  const where = `${request.method} ${request.routeOptions.url} → ${reply.statusCode}`;
  const schema = schemaForStatus(schemas, reply.statusCode);
  if (!schema) throw new ResponseContractError(`${where}: status not declared in the route's response schema`);
  const type = String(reply.getHeader('content-type') ?? '');
  if (!type.includes('json')) return; // file bytes, redirects: the schema documents them, nothing to parse
  if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return;
  const body: unknown = payload.length === 0 ? undefined : JSON.parse(String(payload));
  const result = schema.safeParse(body);
  if (result.success) return;
  const message = `${where}: body does not match its response schema: ${JSON.stringify(result.error.issues.slice(0, 5))}`;
  // The 500 body is generic and tests run with logging off: print why, so the failing test says.
  console.error(message);
  throw new ResponseContractError(message);
}

async function responseValidationPlugin(app: FastifyInstance) {
  app.addHook('onSend', async (request, reply, payload) => {
    checkResponse(request, reply, payload);
    return payload;
  });
}

/** Validates every answer against its route's response schema (tests; see the header). */
export default fp(responseValidationPlugin, { name: 'response-validation' });
