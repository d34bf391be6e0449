// One error handler for the whole API: our HttpErrors keep their bodies, Fastify's own client
// errors keep their 4xx status with `{"error"}`, bad path params are 404, anything else a logged 500.
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError, RateLimitError } from '../errors';

async function errorsPlugin(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError & { validationContext?: string }, request, reply) => {
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
    if (status >= 400 && status < 500) {
      if (error.validationContext === 'params') {
        return reply.code(404).send({ error: 'The required object does not exist.' });
      }
      return reply.code(status).send({ error: clientMessage(error) });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ error: 'Something went wrong please try again later' });
  });

  app.setNotFoundHandler((_request, reply) => reply.code(404).send({ error: 'Page not found.' }));
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
