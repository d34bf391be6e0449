// The coded errors of spec §8 and API.md (`{"error_code", "error_message"}`), with the NAME strings sent on the wire.

/** Auth error codes of spec §8; the keys are the `error_message` names of reference §1.3. */
export const AuthErrorCode = {
  INSTANCE_NOT_CONFIGURED: 5000,
  INVALID_EMAIL: 5005,
  EMAIL_REQUIRED: 5010,
  SIGNUP_DISABLED: 5015,
  MAGIC_LINK_LOGIN_DISABLED: 5016,
  PASSWORD_LOGIN_DISABLED: 5018,
  USER_ACCOUNT_DEACTIVATED: 5019,
  INVALID_PASSWORD: 5020,
  SMTP_NOT_CONFIGURED: 5025,
  USER_ALREADY_EXIST: 5030,
  AUTHENTICATION_FAILED_SIGN_UP: 5035,
  REQUIRED_EMAIL_PASSWORD_SIGN_UP: 5040,
  INVALID_EMAIL_SIGN_UP: 5045,
  INVALID_EMAIL_MAGIC_SIGN_UP: 5050,
  MAGIC_SIGN_UP_EMAIL_CODE_REQUIRED: 5055,
  USER_DOES_NOT_EXIST: 5060,
  AUTHENTICATION_FAILED_SIGN_IN: 5065,
  REQUIRED_EMAIL_PASSWORD_SIGN_IN: 5070,
  INVALID_EMAIL_SIGN_IN: 5075,
  INVALID_EMAIL_MAGIC_SIGN_IN: 5080,
  MAGIC_SIGN_IN_EMAIL_CODE_REQUIRED: 5085,
  INVALID_MAGIC_CODE_SIGN_IN: 5090,
  INVALID_MAGIC_CODE_SIGN_UP: 5092,
  EXPIRED_MAGIC_CODE_SIGN_IN: 5095,
  EXPIRED_MAGIC_CODE_SIGN_UP: 5097,
  EMAIL_CODE_ATTEMPT_EXHAUSTED_SIGN_IN: 5100,
  EMAIL_CODE_ATTEMPT_EXHAUSTED_SIGN_UP: 5102,
  OAUTH_NOT_CONFIGURED: 5104,
  GOOGLE_NOT_CONFIGURED: 5105,
  GITHUB_NOT_CONFIGURED: 5110,
  GITLAB_NOT_CONFIGURED: 5111,
  GOOGLE_OAUTH_PROVIDER_ERROR: 5115,
  GITHUB_OAUTH_PROVIDER_ERROR: 5120,
  GITLAB_OAUTH_PROVIDER_ERROR: 5121,
  INVALID_PASSWORD_TOKEN: 5125,
  EXPIRED_PASSWORD_TOKEN: 5130,
  INCORRECT_OLD_PASSWORD: 5135,
  MISSING_PASSWORD: 5138,
  INVALID_NEW_PASSWORD: 5140,
  PASSWORD_ALREADY_SET: 5145,
  ADMIN_ALREADY_EXIST: 5150,
  REQUIRED_ADMIN_EMAIL_PASSWORD_FIRST_NAME: 5155,
  INVALID_ADMIN_EMAIL: 5160,
  INVALID_ADMIN_PASSWORD: 5165,
  REQUIRED_ADMIN_EMAIL_PASSWORD: 5170,
  ADMIN_AUTHENTICATION_FAILED: 5175,
  ADMIN_USER_ALREADY_EXIST: 5180,
  ADMIN_USER_DOES_NOT_EXIST: 5185,
  ADMIN_USER_DEACTIVATED: 5190,
  RATE_LIMIT_EXCEEDED: 5900,
} as const;
export type AuthErrorCode = (typeof AuthErrorCode)[keyof typeof AuthErrorCode];
export type AuthErrorName = keyof typeof AuthErrorCode;

/** The other coded errors of API.md (reference work-items §0.3). */
export const ApiErrorCode = {
  /** Bulk archive of issues not all in a completed or cancelled state group. */
  INVALID_ARCHIVE_STATE_GROUP: 4091,
  INVALID_ISSUE_DATES: 4100,
  INVALID_ISSUE_START_DATE: 4101,
  INVALID_ISSUE_TARGET_DATE: 4102,
  PAGE_LOCKED: 4701,
  PAGE_ARCHIVED: 4702,
} as const;
export type ApiErrorCode = (typeof ApiErrorCode)[keyof typeof ApiErrorCode];
type ApiErrorName = keyof typeof ApiErrorCode;

/** Every coded error, auth and others. */
export const ErrorCode = { ...AuthErrorCode, ...ApiErrorCode } as const;
export type ErrorCode = AuthErrorCode | ApiErrorCode;
type ErrorName = AuthErrorName | ApiErrorName;

/** The wire body of a coded error. */
interface CodedErrorBody {
  error_code: ErrorCode;
  error_message: ErrorName;
}

const NAME_BY_CODE = new Map<number, ErrorName>(
  (Object.entries(ErrorCode) as [ErrorName, ErrorCode][]).map(([name, code]) => [code, name]),
);

/** True when `value` is a code of the catalogue. */
export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'number' && NAME_BY_CODE.has(value);
}

/** True when `value` is an auth code (5000–5999) of the catalogue. */
export function isAuthErrorCode(value: unknown): value is AuthErrorCode {
  return isErrorCode(value) && value >= 5000 && value <= 5999;
}

/** The `error_message` NAME of a code (`5065` → `'AUTHENTICATION_FAILED_SIGN_IN'`). */
export function errorName(code: ErrorCode): ErrorName;
export function errorName(code: number): ErrorName | undefined;
export function errorName(code: number): ErrorName | undefined {
  return NAME_BY_CODE.get(code);
}

/** The code for a NAME (`'PAGE_LOCKED'` → `4701`), or `undefined` for an unknown name. */
export function errorCodeFromName(name: string): ErrorCode | undefined {
  return Object.prototype.hasOwnProperty.call(ErrorCode, name) ? ErrorCode[name as ErrorName] : undefined;
}

/** The body sent for a coded error: `{"error_code": 4701, "error_message": "PAGE_LOCKED"}`. */
export function codedErrorBody(code: ErrorCode): CodedErrorBody {
  return { error_code: code, error_message: errorName(code) };
}

/** The HTTP status of a coded error in a JSON answer: 429 for rate limiting, 400 otherwise. */
export function errorStatus(code: ErrorCode): 400 | 429 {
  return code === AuthErrorCode.RATE_LIMIT_EXCEEDED ? 429 : 400;
}

/** Where the client shows an auth error: a banner above the form, or inline under one field. */
export const AuthErrorDisplay = {
  BANNER: 'banner',
  FIRST_NAME: 'first_name',
  EMAIL: 'email',
  PASSWORD: 'password',
  CODE: 'code',
} as const;
export type AuthErrorDisplay = (typeof AuthErrorDisplay)[keyof typeof AuthErrorDisplay];

const INLINE: Partial<Record<AuthErrorName, AuthErrorDisplay>> = {
  INVALID_EMAIL: 'email',
  EMAIL_REQUIRED: 'email',
  INVALID_EMAIL_SIGN_UP: 'email',
  INVALID_EMAIL_MAGIC_SIGN_UP: 'email',
  INVALID_EMAIL_SIGN_IN: 'email',
  INVALID_EMAIL_MAGIC_SIGN_IN: 'email',
  INVALID_ADMIN_EMAIL: 'email',
  INVALID_PASSWORD: 'password',
  INCORRECT_OLD_PASSWORD: 'password',
  MISSING_PASSWORD: 'password',
  INVALID_NEW_PASSWORD: 'password',
  INVALID_ADMIN_PASSWORD: 'password',
  MAGIC_SIGN_UP_EMAIL_CODE_REQUIRED: 'code',
  MAGIC_SIGN_IN_EMAIL_CODE_REQUIRED: 'code',
  INVALID_MAGIC_CODE_SIGN_IN: 'code',
  INVALID_MAGIC_CODE_SIGN_UP: 'code',
  EXPIRED_MAGIC_CODE_SIGN_IN: 'code',
  EXPIRED_MAGIC_CODE_SIGN_UP: 'code',
  REQUIRED_ADMIN_EMAIL_PASSWORD_FIRST_NAME: 'first_name',
};

/**
 * Where the client shows each auth code (spec §8 "Display"). Errors about one field go inline under
 * it; anything else (configuration, account state, failed sign-in that must not say which field was
 * wrong, several missing fields, rate limits) is a banner.
 */
export const AUTH_ERROR_DISPLAY: Readonly<Record<AuthErrorCode, AuthErrorDisplay>> = Object.freeze(
  Object.fromEntries(
    (Object.entries(AuthErrorCode) as [AuthErrorName, AuthErrorCode][]).map(([name, code]) => [
      code,
      INLINE[name] ?? AuthErrorDisplay.BANNER,
    ]),
  ) as Record<AuthErrorCode, AuthErrorDisplay>,
);
