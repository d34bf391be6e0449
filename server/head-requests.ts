// HEAD requests are answered by the GET route of their path, at the HTTP server, instead of by a
// HEAD twin Fastify registers for every GET route (its default `exposeHeadRoutes`). The twins
// doubled the GET routes in the router (211 more routes, each with its own route context and its
// own find-my-way tree nodes, compiled with `new Function`): about a third of route registration,
// which is the largest part of a start after the modules' own evaluation (BENCHMARKS.md, "Cold
// start"). The answer is the same: Node's ServerResponse is made before the 'request' event and,
// seeing HEAD, sends the GET route's status and headers (its Content-Length included) without the
// body. (Routes that name HEAD themselves, like @fastify/static's, are simply never reached by it;
// the request log and the metrics name such a request GET.)
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

type Handler = (request: IncomingMessage, response: ServerResponse) => void;

/** Fastify's `serverFactory`: a plain HTTP server that hands HEAD requests to the router as GET. */
export function serverAnsweringHeadWithGet(handler: Handler): Server {
  return createServer((request, response) => {
    if (request.method === 'HEAD') request.method = 'GET';
    handler(request, response);
  });
}
