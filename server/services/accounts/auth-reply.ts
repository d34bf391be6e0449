// How the sign-in endpoints answer (API.md "Authentication"): a form post gets reference §1.1's 302
// with the error in the query string; a JSON post gets 200 {user, next_path} or a coded 400.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { User } from '../../../db/schema/index';
import type { ServerContext } from '../../context';
import { CodedError, RateLimitError } from '../../errors';
import { presentUserMe } from './presenters/user';
import { landingPath, recordSignIn, type LoginMedium, type RequestInfo } from './auth';
import { signInSession, type SessionKind } from './auth-session';
import { recordSignInFailure } from './auth-rate-limit';
import { bodyFields } from '../../validation';

const NEXT_PATH_MAX_LENGTH = 500;
const SUSPICIOUS = /javascript:|data:|vbscript:|%2e%2e|<script|onload=|onerror=|%0d|%0a|[\r\n]/i;
const ECHO_MAX_LENGTH = 255;

/** True when the request is an HTML form post (x-www-form-urlencoded). */
export function isFormPost(request: FastifyRequest): boolean {
  return (request.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded');
}

export function requestInfo(request: FastifyRequest): RequestInfo {
  const agent = request.headers['user-agent'];
  return { ip: request.ip, userAgent: typeof agent === 'string' ? agent : null, log: request.log };
}

/**
 * Reference §1.1 `next_path` rule: a same-site path only — at most 500 characters, backslashes
 * dropped, scheme and host stripped, starting with `/`, no `..` and nothing script-like; else null.
 */
export function safeNextPath(value: unknown): string | null {
  if (typeof value !== 'string' || value === '' || value.length > NEXT_PATH_MAX_LENGTH) return null;
  let path = value.replace(/\\/g, '');
  if (SUSPICIOUS.test(path) || path.includes('..')) return null;
  if (/^([a-z][a-z0-9+.-]*:)?\/\//i.test(path)) {
    try {
      const parsed = new URL(path, 'http://placeholder.invalid');
      path = `${parsed.pathname}${parsed.search}${parsed.hash}`;
    } catch {
      return null;
    }
  }
  if (!path.startsWith('/') || path.startsWith('//')) return null;
  return path;
}

/** `{APP_BASE_URL}{path}` with the given query parameters (empty ones left out). */
export function appUrl(ctx: ServerContext, path: string, params: Record<string, string | number | null | undefined> = {}): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== null && value !== undefined && value !== '') query.set(key, String(value).slice(0, ECHO_MAX_LENGTH));
  }
  const search = query.toString();
  return `${ctx.config.appBaseUrl}${path}${search ? `?${search}` : ''}`;
}

/** The app's landing after a sign-in: `{base}` or `{base}/?next_path=…`. */
export function successUrl(ctx: ServerContext, nextPath: string | null): string {
  return nextPath ? appUrl(ctx, '/', { next_path: nextPath }) : ctx.config.appBaseUrl;
}

/** An error redirect: `{base}{path}?next_path=…&error_code=…&error_message=…&<echoed fields>`. */
export function errorUrl(ctx: ServerContext, path: string, error: CodedError, nextPath: string | null, echo: Record<string, unknown> = {}): string {
  const echoed = Object.fromEntries(Object.entries(echo).filter(([, value]) => typeof value === 'string')) as Record<string, string>;
  return appUrl(ctx, path, { next_path: nextPath, error_code: error.code, error_message: error.codeName, ...echoed });
}

interface SignInAnswer {
  /** Runs the flow and returns the user to sign in. @throws CodedError on refusal. */
  authenticate: (fields: Record<string, unknown>) => Promise<User>;
  medium: LoginMedium;
  /** Sessions to start; the app session by default. */
  sessionKinds?: SessionKind[];
  /** Path of form-style error redirects (default `/`). */
  errorPath?: string;
  /** Path of the form-style success redirect (default: app root with next_path). */
  successPath?: string;
  /** Fields echoed into an error redirect (default: email). */
  echo?: string[];
}

/**
 * Runs a sign-in/up flow and answers in the caller's style: rotates the sessions, records the
 * login, then 302 (form) or 200 `{user, next_path}` (JSON); coded failures become the error
 * redirect (form) or are rethrown for the 400 (JSON), and count against the client's failed attempts
 * (auth-rate-limit.ts). A 429 stays a 429 in both styles.
 */
export async function answerSignIn(ctx: ServerContext, request: FastifyRequest, reply: FastifyReply, answer: SignInAnswer) {
  const fields = bodyFields(request.body);
  const nextPath = safeNextPath(fields.next_path);
  const isForm = isFormPost(request);
  let user: User;
  try {
    user = await answer.authenticate(fields);
  } catch (error) {
    if (error instanceof CodedError && !(error instanceof RateLimitError)) await recordSignInFailure(request);
    if (!isForm || !(error instanceof CodedError) || error instanceof RateLimitError) throw error;
    const echo = Object.fromEntries((answer.echo ?? ['email']).map((name) => [name, fields[name]]));
    return reply.redirect(errorUrl(ctx, answer.errorPath ?? '/', error, nextPath, echo), 302);
  }
  user = await recordSignIn(ctx, user, answer.medium, requestInfo(request));
  for (const kind of answer.sessionKinds ?? ['app']) await signInSession(ctx, request, reply, user.id, kind);
  if (isForm) return reply.redirect(answer.successPath ? appUrl(ctx, answer.successPath) : successUrl(ctx, nextPath), 302);
  const landing = nextPath ?? answer.successPath ?? (await landingPath(ctx.db, user));
  return reply.send({ user: presentUserMe(user), next_path: landing });
}

interface ActionAnswer<T> {
  run: () => Promise<T>;
  /** Form style: where success redirects (path under APP_BASE_URL, with its query). */
  successPath: string;
  successQuery?: Record<string, string>;
  /** JSON style: the 200 body. */
  json: (result: T) => unknown;
  /** Form style: where failures redirect, and what they carry besides the code. */
  errorPath: string;
  errorQuery?: Record<string, string>;
}

/** Like answerSignIn for flows that do not sign anyone in (password reset). */
export async function answerAction<T>(ctx: ServerContext, request: FastifyRequest, reply: FastifyReply, answer: ActionAnswer<T>) {
  const isForm = isFormPost(request);
  let result: T;
  try {
    result = await answer.run();
  } catch (error) {
    if (!isForm || !(error instanceof CodedError) || error instanceof RateLimitError) throw error;
    return reply.redirect(errorUrl(ctx, answer.errorPath, error, null, answer.errorQuery), 302);
  }
  if (isForm) return reply.redirect(appUrl(ctx, answer.successPath, answer.successQuery), 302);
  return reply.send(answer.json(result));
}
