import { describe, expect, test } from 'vitest';
import { AuthMode, AuthStep, authSubmitPath, createAuthFlow, reduceAuthFlow, type AuthFlowState } from './auth-flow';
import { AuthErrorDisplay, describeAuthError, parseErrorCodeParam, readAuthErrorCode } from './auth-errors';
import { ApiError } from '../api/http';

const start = createAuthFlow();

describe('auth step machine', () => {
  test('starts on the email step in sign-in mode', () => {
    expect(start).toEqual({ step: AuthStep.EMAIL, mode: AuthMode.SIGN_IN, email: '' });
    expect(authSubmitPath(start)).toBeNull();
  });

  test('an existing CREDENTIAL user goes to the password step, sign-in mode', () => {
    const next = reduceAuthFlow(start, { type: 'EMAIL_CHECKED', email: ' Ada@Example.com ', result: { existing: true, status: 'CREDENTIAL' } });
    expect(next).toEqual({ step: AuthStep.PASSWORD, mode: AuthMode.SIGN_IN, email: 'ada@example.com' });
    expect(authSubmitPath(next)).toBe('/auth/sign-in/');
  });

  test('a new CREDENTIAL email goes to the password step, sign-up mode', () => {
    const next = reduceAuthFlow(start, { type: 'EMAIL_CHECKED', email: 'new@x.io', result: { existing: false, status: 'CREDENTIAL' } });
    expect(next.mode).toBe(AuthMode.SIGN_UP);
    expect(authSubmitPath(next)).toBe('/auth/sign-up/');
  });

  test('MAGIC_CODE goes to the unique code step, magic endpoints by mode', () => {
    const signIn = reduceAuthFlow(start, { type: 'EMAIL_CHECKED', email: 'a@x.io', result: { existing: true, status: 'MAGIC_CODE' } });
    expect(signIn.step).toBe(AuthStep.UNIQUE_CODE);
    expect(authSubmitPath(signIn)).toBe('/auth/magic-sign-in/');
    const signUp = reduceAuthFlow(createAuthFlow(AuthMode.SIGN_UP), { type: 'EMAIL_CHECKED', email: 'b@x.io', result: { existing: false, status: 'MAGIC_CODE' } });
    expect(authSubmitPath(signUp)).toBe('/auth/magic-sign-up/');
  });

  test('the email check decides the mode, whatever page it started on', () => {
    const next = reduceAuthFlow(createAuthFlow(AuthMode.SIGN_UP), { type: 'EMAIL_CHECKED', email: 'a@x.io', result: { existing: true, status: 'CREDENTIAL' } });
    expect(next.mode).toBe(AuthMode.SIGN_IN);
  });

  test('password ⇄ code switches only from the matching step; reset keeps the email', () => {
    const password: AuthFlowState = { step: AuthStep.PASSWORD, mode: AuthMode.SIGN_IN, email: 'a@x.io' };
    const code = reduceAuthFlow(password, { type: 'CODE_REQUESTED' });
    expect(code.step).toBe(AuthStep.UNIQUE_CODE);
    expect(reduceAuthFlow(code, { type: 'CODE_REQUESTED' })).toBe(code);
    expect(reduceAuthFlow(code, { type: 'PASSWORD_REQUESTED' }).step).toBe(AuthStep.PASSWORD);
    expect(reduceAuthFlow(start, { type: 'PASSWORD_REQUESTED' })).toBe(start);
    expect(reduceAuthFlow(code, { type: 'EMAIL_RESET' })).toEqual({ ...code, step: AuthStep.EMAIL });
  });

  test('EMAIL_CHECKED outside the email step is ignored', () => {
    const password: AuthFlowState = { step: AuthStep.PASSWORD, mode: AuthMode.SIGN_IN, email: 'a@x.io' };
    expect(reduceAuthFlow(password, { type: 'EMAIL_CHECKED', email: 'z@x.io', result: { existing: false, status: 'MAGIC_CODE' } })).toBe(password);
  });
});

describe('auth error display', () => {
  test('field errors go inline, the rest to the banner', () => {
    expect(describeAuthError(5005).display).toBe(AuthErrorDisplay.EMAIL);
    expect(describeAuthError(5090).display).toBe(AuthErrorDisplay.CODE);
    expect(describeAuthError(5020).display).toBe(AuthErrorDisplay.PASSWORD);
    expect(describeAuthError(5155).display).toBe(AuthErrorDisplay.FIRST_NAME);
    expect(describeAuthError(5000)).toEqual({ code: 5000, name: 'INSTANCE_NOT_CONFIGURED', display: AuthErrorDisplay.BANNER });
    expect(describeAuthError(1234)).toEqual({ code: 1234, name: null, display: AuthErrorDisplay.BANNER });
  });

  test('codes are read from JSON errors, 429s and the URL', () => {
    expect(readAuthErrorCode(new ApiError(400, { error_code: 5065, error_message: 'AUTHENTICATION_FAILED_SIGN_IN' }))).toBe(5065);
    expect(readAuthErrorCode(new ApiError(429, { detail: 'slow down' }))).toBe(5900);
    expect(readAuthErrorCode(new ApiError(500, 'boom'))).toBeNull();
    expect(readAuthErrorCode(new Error('x'))).toBeNull();
    expect(parseErrorCodeParam('5060')).toBe(5060);
    expect(parseErrorCodeParam(5060)).toBe(5060);
    expect(parseErrorCodeParam('abc')).toBeNull();
    expect(parseErrorCodeParam(undefined)).toBeNull();
  });
});
