// The OpenAPI 3.1 document of /api/v1 (served at /api/v1/schema/), generated from the very zod
// schemas every route declares and validates with: never written by hand, so it cannot drift.
import type { RouteOptions } from 'fastify';
import { z } from 'zod';

type JsonSchema = Record<string, unknown>;
interface CollectedRoute {
  method: string;
  url: string;
  schema: { params?: z.ZodType; querystring?: z.ZodType; body?: z.ZodType; response?: Record<string, z.ZodType> };
}

/** JSON Schema (2020-12, OpenAPI 3.1's dialect) of a zod schema; refinements and transforms say only what their input looks like. */
function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  return rest;
}

/** Path or query parameters from an object schema's properties. */
function parameters(schema: z.ZodType | undefined, where: 'path' | 'query'): JsonSchema[] {
  if (!schema) return [];
  const { properties = {}, required = [] } = jsonSchema(schema, 'input') as { properties?: Record<string, JsonSchema>; required?: string[] };
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: where,
    required: where === 'path' || required.includes(name),
    schema: property,
    ...(typeof property.description === 'string' ? { description: property.description } : {}),
  }));
}

function responses(declared: Record<string, z.ZodType> = {}): JsonSchema {
  const out: JsonSchema = {};
  for (const [status, schema] of Object.entries(declared)) {
    const description = status === '4xx' ? 'Error: a JSON body naming the problem (400 fields, 401, 403, 404, 429).' : 'Success';
    out[status.toUpperCase()] = status === '204' ? { description: 'No content' } : { description, content: { 'application/json': { schema: jsonSchema(schema, 'output') } } };
  }
  return out;
}

/** Collects the routes of the /api/v1 scope (its `onRoute` hook) and builds their OpenAPI document once, on first request. */
export function createOpenApiCollector(info: { title: string; version: string }) {
  const routes: CollectedRoute[] = [];
  let document: JsonSchema | null = null;
  return {
    onRoute(route: RouteOptions) {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods) if (method !== 'HEAD') routes.push({ method: String(method).toLowerCase(), url: route.url, schema: (route.schema ?? {}) as CollectedRoute['schema'] });
    },
    document(): JsonSchema {
      if (document) return document;
      const paths: Record<string, Record<string, JsonSchema>> = {};
      for (const route of routes) {
        const path = route.url.replace(/:(\w+)/g, '{$1}');
        const tag = /\/api\/v1\/(?:workspaces\/\{slug\}\/(?:projects\/\{projectId\}\/)?)?([a-z-]+)/.exec(path)?.[1] ?? 'api';
        (paths[path] ??= {})[route.method] = {
          operationId: `${route.method}_${path.replace(/[^a-zA-Z0-9]+/g, '_').replace(/^_|_$/g, '')}`,
          tags: [tag],
          parameters: [...parameters(route.schema.params, 'path'), ...parameters(route.schema.querystring, 'query')],
          ...(route.schema.body ? { requestBody: { required: true, content: { 'application/json': { schema: jsonSchema(route.schema.body, 'input') } } } } : {}),
          responses: responses(route.schema.response),
        };
      }
      document = {
        openapi: '3.1.0',
        info: { ...info, description: "Plane's public API (v1) on Trellis: authenticate with a workspace API token in the X-API-Key header." },
        servers: [{ url: '/' }],
        security: [{ ApiKeyAuth: [] }],
        components: { securitySchemes: { ApiKeyAuth: { type: 'apiKey', in: 'header', name: 'X-API-Key' } } },
        paths,
      };
      return document;
    },
  };
}
