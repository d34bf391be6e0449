// Requests and answers of the sign-in routes under /auth/ and /api/instances/admins/ (API.md
// "Authentication"). Their bodies come as JSON or as browser form posts and are read field by
// field (server/services/accounts/auth-reply.ts bodyFields) so that a bad field answers its auth error
// code, not a validation map: the body schema accepts anything and names the fields it reads.
import { z } from 'zod';
import { noBody } from './responses';
import { userMeResponse } from './user';

/** A hand-read sign-in form: JSON or urlencoded, any shape; the service answers bad fields with auth codes. */
export function handReadForm(fields: readonly string[]) {
  return z.unknown().describe(`form read field by field: ${fields.join(', ')}`);
}

/** The JSON answer of the sign-in/up endpoints. */
export const authSuccessResponse = z.strictObject({ user: userMeResponse, next_path: z.string().nullable() });
export type AuthSuccess = z.infer<typeof authSuccessResponse>;

/**
 * A 302 with no body: a browser form post is answered with a redirect (to the app, or back with
 * `?error_code=…`) where a JSON post gets a body; the OAuth routes only ever redirect.
 */
export const redirect = { 302: noBody };

/** POST `/auth/email-check/`: whether the account exists and which sign-in step comes next. */
export const emailCheckResponse = z.strictObject({ existing: z.boolean(), status: z.enum(['MAGIC_CODE', 'CREDENTIAL']) });
/** POST `/auth/magic-generate/`: the key the code was stored under (the email). */
export const magicCodeSentResponse = z.strictObject({ key: z.string() });
/** GET `/auth/get-csrf-token/`. */
export const csrfTokenResponse = z.strictObject({ csrf_token: z.string() });

/** `/auth/reset-password/:uidb64/:token/`: the pair from the emailed link, checked by the service. */
export const resetPasswordParams = z.object({ uidb64: z.string(), token: z.string() });

/** GET `/auth/{provider}/`: where to land afterwards (checked by safeNextPath, so any value is accepted here). */
export const oauthStartQuery = z.looseObject({ next_path: z.unknown().optional() });
/** GET `/auth/{provider}/callback/`: the provider's answer, handed on raw to the OAuth client (which checks `state`). */
export const oauthCallbackQuery = z.looseObject({ code: z.unknown().optional(), state: z.unknown().optional(), error: z.unknown().optional() });
