// One error handler for the whole API: our HttpErrors keep their bodies, Fastify's own client
// errors keep their 4xx status with `{"error"}`, bad path params are 404, database errors caused by
// the input are 400 (a unique clash 409), an unreachable database is 503 with Retry-After, anything
// else a logged 500.
import type { IncomingMessage } from 'node:http';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { classifyDatabaseError } from '../../db/errors';
import { HttpError, RateLimitError } from '../errors';

/** How long a client should wait before retrying while the database is unreachable. */
const DATABASE_RETRY_AFTER_SECONDS = 5;

async function errorsPlugin(app: FastifyInstance) {
  app.setErrorHandler(async (error: FastifyError & { validationContext?: string }, request, reply) => {
    if ((error as unknown) instanceof HttpError) {
      if (error.validationContext === 'params') {
        return reply.code(404).send({ error: 'The required object does not exist.' });
      }
      const httpError = error as unknown as HttpError;
      // A limited client learns when to come back (RFC 9110 §10.2.3) instead of guessing.
      if (httpError instanceof RateLimitError && httpError.retryAfterSeconds !== null) reply.header('retry-after', String(httpError.retryAfterSeconds));
      return reply.code(httpError.statusCode).send(httpError.body);
    }
    const status = error.statusCode ?? 500;
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      // Fastify answers before reading the body; the client, still sending, would see its
      // connection reset (EPIPE) instead of this 413. Read the rest (bounded) first.
      await discardRequestBody(request.raw);
      return reply.code(413).send({ error: clientMessage(error) });
    }
    if (status >= 400 && status < 500) {
      if (error.validationContext === 'params') {
        return reply.code(404).send({ error: 'The required object does not exist.' });
      }
      return reply.code(status).send({ error: clientMessage(error) });
    }
    switch (classifyDatabaseError(error)) {
      // Bad input that slipped past validation (an unknown id, a value a constraint refuses): the
      // caller's fault, and the transaction rolled back, so nothing changed.
      case 'bad-input':
        request.log.warn({ err: error }, 'database refused the input');
        return reply.code(400).send({ error: 'The request refers to an object that does not exist or holds a value that is not allowed.' });
      case 'conflict':
        return reply.code(409).send({ error: 'This conflicts with an existing object.' });
      // The database is down or restarting: a 503 that clients and proxies retry, not a 500.
      case 'unavailable':
        request.log.error({ err: error }, 'database unavailable');
        return reply.code(503).header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS)).send({ error: 'The service is temporarily unavailable, please try again shortly.' });
      case null:
        break;
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ error: 'Something went wrong please try again later' });
  });

  app.setNotFoundHandler((_request, reply) => reply.code(404).send({ error: 'Page not found.' }));
}

/** How much of an oversized body is read and thrown away so its sender gets the 413, and for how long. */
const DISCARD_MAX_BYTES = 64 * 1024 * 1024;
const DISCARD_MAX_MS = 10_000;

/** Reads and drops what is left of a request body, up to DISCARD_MAX_BYTES or DISCARD_MAX_MS. */
function discardRequestBody(raw: IncomingMessage): Promise<void> {
  const declared = Number(raw.headers['content-length']);
  // Security: a body declared larger than the bound is not read at all (its sender gets the reset).
  if (raw.complete || raw.destroyed || declared > DISCARD_MAX_BYTES) return Promise.resolve();
  return new Promise((resolve) => {
    let received = 0;
    const finish = () => {
      clearTimeout(timer);
      raw.off('data', onData).off('end', finish).off('close', finish).off('error', finish);
      resolve();
    };
    const onData = (chunk: Buffer) => {
      received += chunk.length;
      if (received > DISCARD_MAX_BYTES) finish();
    };
    const timer = setTimeout(finish, DISCARD_MAX_MS);
    raw.on('data', onData).once('end', finish).once('close', finish).once('error', finish);
    raw.resume();
  });
}

/** Fastify's messages are fine for humans but name internals; keep the common ones friendly. */
function clientMessage(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'The request body is not valid JSON.';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'The request body is too large.';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Unsupported content type.';
    default:
      return error.message;
  }
}

export default fp(errorsPlugin, { name: 'errors' });
