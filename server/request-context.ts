// Bridges a request to the service layer: who acts, and the client's mutation id for live echo.
import type { FastifyRequest } from 'fastify';
import type { WriteOptions } from './live/record-change';

const MUTATION_ID = /^[A-Za-z0-9_.:-]{1,128}$/;
// One object per request: the change log remembers which options already claimed their mutation receipt.
const cache = new WeakMap<FastifyRequest, WriteOptions>();

/** The write options of a request: acting user and its `X-Client-Mutation-Id` (if well-formed). */
export function writeOptions(request: FastifyRequest): WriteOptions {
  const cached = cache.get(request);
  if (cached) return cached;
  const options = { actorId: request.auth?.user?.id ?? null, clientMutationId: clientMutationId(request) };
  cache.set(request, options);
  return options;
}

/** The request's well-formed `X-Client-Mutation-Id`, or null. */
export function clientMutationId(request: FastifyRequest): string | null {
  const header = request.headers['x-client-mutation-id'];
  const value = Array.isArray(header) ? header[0] : header;
  return value && MUTATION_ID.test(value) ? value : null;
}
