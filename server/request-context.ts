// Bridges a request to the service layer: who acts, and the client's mutation id for live echo.
import type { FastifyRequest } from 'fastify';
import type { WriteOptions } from './live/record-change';

const MUTATION_ID = /^[A-Za-z0-9_.:-]{1,128}$/;

/** The write options of a request: acting user and its `X-Client-Mutation-Id` (if well-formed). */
export function writeOptions(request: FastifyRequest): WriteOptions {
  const header = request.headers['x-client-mutation-id'];
  const value = Array.isArray(header) ? header[0] : header;
  return {
    actorId: request.auth?.user?.id ?? null,
    clientMutationId: value && MUTATION_ID.test(value) ? value : null,
  };
}
