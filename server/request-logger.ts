// Request loggers made on first use. Fastify gives every request a child of the app's pino logger,
// bound to its request id, and pino builds a child eagerly (its bindings serialised, a logger object
// made) even when the level lets nothing through. At LOG_LEVEL=warn that was about 0.14 ms of every
// request (PATCH issues/{id}/ p50 2.17 → 2.03 ms, BENCHMARKS.md "Write path"). Here a request's
// logger becomes a pino child only when something is logged at an enabled level; the lines it writes
// are the same, request id included.
import type { FastifyBaseLogger } from 'fastify';
import type { FastifyChildLoggerFactory } from 'fastify/types/logger';

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';
/** pino's level numbers (we define no custom levels); `silent` lets nothing through. */
const LEVEL_VALUES: Record<string, number> = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60, silent: Infinity };
type Bindings = Parameters<FastifyBaseLogger['child']>[0];
type ChildOptions = Parameters<FastifyBaseLogger['child']>[1];

class LazyRequestLogger {
  private made: FastifyBaseLogger | null = null;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
    private readonly options: ChildOptions,
  ) {}

  private logger(): FastifyBaseLogger {
    return (this.made ??= this.parent.child(this.bindings, this.options));
  }

  private write(level: Level, args: unknown[]): void {
    if (this.isLevelEnabled(level)) (this.logger()[level] as (...values: unknown[]) => void)(...args);
  }

  get level(): string {
    return (this.made ?? this.parent).level;
  }

  set level(level: string) {
    this.logger().level = level;
  }

  /** As pino's: on the parent's level until the child exists (a child has its parent's level unless told otherwise). */
  isLevelEnabled(level: string): boolean {
    return LEVEL_VALUES[level] >= LEVEL_VALUES[this.level];
  }

  fatal(...args: unknown[]) { this.write('fatal', args); }
  error(...args: unknown[]) { this.write('error', args); }
  warn(...args: unknown[]) { this.write('warn', args); }
  info(...args: unknown[]) { this.write('info', args); }
  debug(...args: unknown[]) { this.write('debug', args); }
  trace(...args: unknown[]) { this.write('trace', args); }
  silent() {}

  child(bindings: Bindings, options?: ChildOptions): FastifyBaseLogger {
    return this.logger().child(bindings, options);
  }
}

/** Fastify's `childLoggerFactory`: the request's logger, made into a pino child when first used. */
export const lazyRequestLogger: FastifyChildLoggerFactory = (logger: FastifyBaseLogger, bindings: Bindings, options: ChildOptions) =>
  new LazyRequestLogger(logger, bindings, options) as unknown as FastifyBaseLogger;
