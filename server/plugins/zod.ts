// Lets routes declare zod schemas (from shared/schemas) for params, querystring and body, with
// typed handlers; failures become the contract's `{"field": ["message"]}` 400 (params: 404).
// Response schemas are declared the same way; plugins/response-schemas.ts says how they are used.
import type { FastifySchemaCompiler, FastifyTypeProvider } from 'fastify';
import type { z } from 'zod';
import { ValidationError } from '../errors';

export interface ZodTypeProvider extends FastifyTypeProvider {
  validator: this['schema'] extends z.ZodType ? z.output<this['schema']> : unknown;
  // Replies are not typed from the response schemas: the list engine sends finished JSON text
  // (server/list-engine), and jsonb columns are `unknown` to drizzle, so a typed reply would need
  // casts at every such route. The response schemas are checked where they matter — on the wire,
  // for every answer the test suites get (server/plugins/response-schemas.ts).
  serializer: unknown;
}

/** Validator compiler for zod schemas; non-zod schemas are passed through untouched. */
export const zodValidatorCompiler: FastifySchemaCompiler<z.ZodType> = ({ schema }) => {
  return (data) => {
    const result = schema.safeParse(data);
    if (result.success) return { value: result.data };
    return { error: toValidationError(result.error) };
  };
};

/** Converts zod issues into the field → messages map of the contract. */
export function toValidationError(error: z.ZodError): ValidationError {
  const fields: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.map(String).join('.') : 'non_field_errors';
    (fields[key] ??= []).push(issue.message);
  }
  return new ValidationError(fields);
}
