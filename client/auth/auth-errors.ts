// Turns an auth failure (a JSON 400 body, a 429, or `error_code` from a redirect's query string)
// into what the page shows: a banner or an inline message under one field (spec §8 "Display").
import { ApiError } from '../api/http';
import { AuthErrorCode, findAuthErrorName, type AuthErrorName } from './auth-error-codes';

/** Where an auth error is displayed. */
export const AuthErrorTarget = {
  BANNER: 'banner',
  FIRST_NAME: 'first_name',
  EMAIL: 'email',
  PASSWORD: 'password',
  CODE: 'code',
} as const;
export type AuthErrorTarget = (typeof AuthErrorTarget)[keyof typeof AuthErrorTarget];

export interface AuthErrorView {
  code: number;
  /** Catalogue name, or null for a code the catalogue lacks (shown with the generic text). */
  name: AuthErrorName | null;
  target: AuthErrorTarget;
}

const C = AuthErrorCode;
const INLINE_TARGETS: ReadonlyMap<number, AuthErrorTarget> = new Map<number, AuthErrorTarget>([
  ...[C.INVALID_EMAIL, C.EMAIL_REQUIRED, C.INVALID_EMAIL_SIGN_UP, C.INVALID_EMAIL_MAGIC_SIGN_UP,
    C.INVALID_EMAIL_SIGN_IN, C.INVALID_EMAIL_MAGIC_SIGN_IN, C.INVALID_ADMIN_EMAIL,
  ].map((code) => [code, AuthErrorTarget.EMAIL] as const),
  ...[C.INVALID_PASSWORD, C.AUTHENTICATION_FAILED_SIGN_IN, C.INCORRECT_OLD_PASSWORD, C.MISSING_PASSWORD,
    C.INVALID_NEW_PASSWORD, C.INVALID_ADMIN_PASSWORD,
  ].map((code) => [code, AuthErrorTarget.PASSWORD] as const),
  ...[C.MAGIC_SIGN_UP_EMAIL_CODE_REQUIRED, C.MAGIC_SIGN_IN_EMAIL_CODE_REQUIRED, C.INVALID_MAGIC_CODE_SIGN_IN,
    C.INVALID_MAGIC_CODE_SIGN_UP, C.EXPIRED_MAGIC_CODE_SIGN_IN, C.EXPIRED_MAGIC_CODE_SIGN_UP,
  ].map((code) => [code, AuthErrorTarget.CODE] as const),
  [C.REQUIRED_ADMIN_EMAIL_PASSWORD_FIRST_NAME, AuthErrorTarget.FIRST_NAME],
]);

/** Describes how to display an auth error code. Unknown codes go to the banner. */
export function describeAuthError(code: number): AuthErrorView {
  return { code, name: findAuthErrorName(code), target: INLINE_TARGETS.get(code) ?? AuthErrorTarget.BANNER };
}

/** Reads an auth error code from a thrown value (ApiError with `error_code`), else null. */
export function readAuthErrorCode(error: unknown): number | null {
  if (!(error instanceof ApiError)) return null;
  const body = error.body as { error_code?: unknown } | undefined;
  const code = Number(body?.error_code);
  if (Number.isInteger(code) && code > 0) return code;
  return error.status === 429 ? AuthErrorCode.RATE_LIMIT_EXCEEDED : null;
}

/** Reads `error_code` from a URL query value (form-redirect style), else null. */
export function parseErrorCodeParam(value: unknown): number | null {
  if (value === undefined || value === null || value === '') return null;
  const code = Number(value);
  return Number.isInteger(code) && code > 0 ? code : null;
}
