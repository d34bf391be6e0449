import { describe, test, expect } from 'vitest';
import {
  AUTH_ERROR_DISPLAY,
  ApiErrorCode,
  AuthErrorCode,
  ErrorCode,
  codedErrorBody,
  errorCodeFromName,
  errorName,
  errorStatus,
  isAuthErrorCode,
  isErrorCode,
} from './error-codes';

// Every code of spec §8, in order.
const SPEC_AUTH_CODES = [
  5000, 5005, 5010, 5015, 5016, 5018, 5019, 5020, 5025, 5030, 5035, 5040, 5045, 5050, 5055, 5060, 5065, 5070,
  5075, 5080, 5085, 5090, 5092, 5095, 5097, 5100, 5102, 5104, 5105, 5110, 5111, 5115, 5120, 5121, 5125, 5130,
  5135, 5138, 5140, 5145, 5150, 5155, 5160, 5165, 5170, 5175, 5180, 5185, 5190, 5900,
];

describe('auth error catalogue', () => {
  test('holds exactly the codes of spec §8', () => {
    expect(Object.values(AuthErrorCode).sort((a, b) => a - b)).toEqual(SPEC_AUTH_CODES);
  });

  test('codes are unique', () => {
    const codes = Object.values(ErrorCode);
    expect(new Set(codes).size).toBe(codes.length);
  });

  test('names match the reference', () => {
    expect(errorName(5000)).toBe('INSTANCE_NOT_CONFIGURED');
    expect(errorName(5018)).toBe('PASSWORD_LOGIN_DISABLED');
    expect(errorName(5019)).toBe('USER_ACCOUNT_DEACTIVATED');
    expect(errorName(5020)).toBe('INVALID_PASSWORD');
    expect(errorName(5025)).toBe('SMTP_NOT_CONFIGURED');
    expect(errorName(5065)).toBe('AUTHENTICATION_FAILED_SIGN_IN');
    expect(errorName(5090)).toBe('INVALID_MAGIC_CODE_SIGN_IN');
    expect(errorName(5097)).toBe('EXPIRED_MAGIC_CODE_SIGN_UP');
    expect(errorName(5102)).toBe('EMAIL_CODE_ATTEMPT_EXHAUSTED_SIGN_UP');
    expect(errorName(5104)).toBe('OAUTH_NOT_CONFIGURED');
    expect(errorName(5105)).toBe('GOOGLE_NOT_CONFIGURED');
    expect(errorName(5110)).toBe('GITHUB_NOT_CONFIGURED');
    expect(errorName(5111)).toBe('GITLAB_NOT_CONFIGURED');
    expect(errorName(5115)).toBe('GOOGLE_OAUTH_PROVIDER_ERROR');
    expect(errorName(5120)).toBe('GITHUB_OAUTH_PROVIDER_ERROR');
    expect(errorName(5121)).toBe('GITLAB_OAUTH_PROVIDER_ERROR');
    expect(errorName(5138)).toBe('MISSING_PASSWORD');
    expect(errorName(5140)).toBe('INVALID_NEW_PASSWORD');
    expect(errorName(5145)).toBe('PASSWORD_ALREADY_SET');
    expect(errorName(5155)).toBe('REQUIRED_ADMIN_EMAIL_PASSWORD_FIRST_NAME');
    expect(errorName(5190)).toBe('ADMIN_USER_DEACTIVATED');
    expect(errorName(5900)).toBe('RATE_LIMIT_EXCEEDED');
  });

  test('codes the spec replaced are not in the catalogue', () => {
    // 5021 PASSWORD_TOO_WEAK → 5020/5140; 5056 → 5018 (API.md).
    expect(errorName(5021)).toBeUndefined();
    expect(errorName(5056)).toBeUndefined();
    expect(isErrorCode(5021)).toBe(false);
  });
});

describe('other coded errors', () => {
  test('API.md codes carry their reference names', () => {
    expect(ApiErrorCode).toEqual({
      INVALID_ARCHIVE_STATE_GROUP: 4091,
      INVALID_ISSUE_DATES: 4100,
      INVALID_ISSUE_START_DATE: 4101,
      INVALID_ISSUE_TARGET_DATE: 4102,
      PAGE_LOCKED: 4701,
      PAGE_ARCHIVED: 4702,
    });
    expect(errorName(4091)).toBe('INVALID_ARCHIVE_STATE_GROUP');
    expect(errorName(4702)).toBe('PAGE_ARCHIVED');
  });

  test('codedErrorBody builds the wire body', () => {
    expect(codedErrorBody(ErrorCode.PAGE_LOCKED)).toEqual({ error_code: 4701, error_message: 'PAGE_LOCKED' });
    expect(codedErrorBody(AuthErrorCode.RATE_LIMIT_EXCEEDED)).toEqual({
      error_code: 5900,
      error_message: 'RATE_LIMIT_EXCEEDED',
    });
  });

  test('errorStatus is 429 for rate limiting and 400 otherwise', () => {
    expect(errorStatus(5900)).toBe(429);
    expect(errorStatus(5065)).toBe(400);
    expect(errorStatus(4091)).toBe(400);
  });

  test('lookups by name and kind', () => {
    expect(errorCodeFromName('PAGE_ARCHIVED')).toBe(4702);
    expect(errorCodeFromName('NOPE')).toBeUndefined();
    expect(errorCodeFromName('constructor')).toBeUndefined();
    expect(isAuthErrorCode(5000)).toBe(true);
    expect(isAuthErrorCode(4701)).toBe(false);
    expect(isErrorCode('5000')).toBe(false);
  });
});

describe('AUTH_ERROR_DISPLAY', () => {
  test('covers every auth code', () => {
    expect(Object.keys(AUTH_ERROR_DISPLAY).map(Number).sort((a, b) => a - b)).toEqual(SPEC_AUTH_CODES);
    const places = new Set(Object.values(AUTH_ERROR_DISPLAY));
    expect([...places].every((p) => ['banner', 'first_name', 'email', 'password', 'code'].includes(p))).toBe(true);
  });

  test('field errors go inline, the rest is a banner', () => {
    expect(AUTH_ERROR_DISPLAY[AuthErrorCode.INVALID_EMAIL]).toBe('email');
    expect(AUTH_ERROR_DISPLAY[AuthErrorCode.INVALID_PASSWORD]).toBe('password');
    expect(AUTH_ERROR_DISPLAY[AuthErrorCode.INVALID_MAGIC_CODE_SIGN_IN]).toBe('code');
    expect(AUTH_ERROR_DISPLAY[AuthErrorCode.REQUIRED_ADMIN_EMAIL_PASSWORD_FIRST_NAME]).toBe('first_name');
    expect(AUTH_ERROR_DISPLAY[AuthErrorCode.AUTHENTICATION_FAILED_SIGN_IN]).toBe('banner');
    expect(AUTH_ERROR_DISPLAY[AuthErrorCode.INSTANCE_NOT_CONFIGURED]).toBe('banner');
    expect(AUTH_ERROR_DISPLAY[AuthErrorCode.RATE_LIMIT_EXCEEDED]).toBe('banner');
  });
});
