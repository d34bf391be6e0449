// The few error classes a service or route may throw; each knows its API.md body and status.
// The error plugin turns them (and Fastify/zod errors) into responses; anything else is a 500.

/** Base class: an error with an HTTP status and the exact JSON body the contract prescribes. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly body: Record<string, unknown>,
  ) {
    super(typeof body.error === 'string' ? body.error : `HTTP ${statusCode}`);
  }
}

/** 400 `{"error": message}` — a business rule refused the request. */
export class BadRequestError extends HttpError {
  constructor(message: string, extra: Record<string, unknown> = {}) {
    super(400, { error: message, ...extra });
  }
}

/** 400 `{"<field>": ["message"]}` — named fields failed validation. */
export class ValidationError extends HttpError {
  constructor(readonly fields: Record<string, string[]>) {
    super(400, fields);
  }
  static field(field: string, message: string): ValidationError {
    return new ValidationError({ [field]: [message] });
  }
}

/** 401 — no valid credentials. */
export class UnauthorizedError extends HttpError {
  constructor(detail = 'Authentication credentials were not provided.') {
    super(401, { detail });
  }
}

/** 403 — authenticated but not allowed. */
export class ForbiddenError extends HttpError {
  constructor(message = "You don't have the required permissions.") {
    super(403, { error: message });
  }
}

/** 404 — the object does not exist (or the id is malformed). */
export class NotFoundError extends HttpError {
  constructor(message = 'The required object does not exist.') {
    super(404, { error: message });
  }
}

/** 409 — conflicts with the current state. */
export class ConflictError extends HttpError {
  constructor(message: string, extra: Record<string, unknown> = {}) {
    super(409, { error: message, ...extra });
  }
}

/** `{"error_code": n, "error_message": "NAME"}` — coded errors (auth 5xxx, 4091, 41xx, 47xx). */
export class CodedError extends HttpError {
  constructor(
    readonly code: number,
    readonly codeName: string,
    status = 400,
    extra: Record<string, unknown> = {},
  ) {
    super(status, { error_code: code, error_message: codeName, ...extra });
  }
}

/** 429 with the rate-limit code 5900. */
export class RateLimitError extends CodedError {
  /** Whole seconds until the limit lets the client in again (sent as `Retry-After`), when known. */
  readonly retryAfterSeconds: number | null;
  constructor(retryAfterMs?: number) {
    super(5900, 'RATE_LIMIT_EXCEEDED', 429);
    this.retryAfterSeconds = retryAfterMs === undefined ? null : Math.max(1, Math.ceil(retryAfterMs / 1000));
  }
}
