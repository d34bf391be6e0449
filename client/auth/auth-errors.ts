// Turns an auth failure (a JSON 400 body, a 429, or `error_code` from a redirect's query string)
// into what the page shows: a banner or an inline message under one field (spec §8 "Display").
import { ApiError } from '../api/http';
import {
  AUTH_ERROR_DISPLAY,
  AuthErrorCode,
  AuthErrorDisplay,
  errorName,
  isAuthErrorCode,
  type AuthErrorName,
} from '../../shared/error-codes';

export { AuthErrorCode, AuthErrorDisplay, type AuthErrorName };

/** Every auth error name of the catalogue, in code order. */
export const AUTH_ERROR_NAMES = Object.keys(AuthErrorCode) as AuthErrorName[];

export interface AuthErrorView {
  code: number;
  /** Catalogue name, or null for a code the catalogue lacks (shown with the generic text). */
  name: AuthErrorName | null;
  display: AuthErrorDisplay;
}

/** Describes how to display an auth error code. Unknown codes go to the banner. */
export function describeAuthError(code: number): AuthErrorView {
  if (!isAuthErrorCode(code)) return { code, name: null, display: AuthErrorDisplay.BANNER };
  return { code, name: errorName(code) as AuthErrorName, display: AUTH_ERROR_DISPLAY[code] };
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
