// Wire shapes of the operator endpoints (README "Health and metrics"): /healthz, /readyz, /metrics.
import { z } from 'zod';
import { replies } from './responses';

const check = z.union([z.strictObject({ ok: z.literal(true) }), z.strictObject({ ok: z.literal(false), error: z.string() })]);

export const healthResponses = replies({ 200: z.strictObject({ status: z.literal('ok'), uptime_seconds: z.number() }) });

const readiness = z.strictObject({ status: z.enum(['ready', 'not_ready']), checks: z.record(z.string(), check) });
export const readinessResponses = replies({ 200: readiness, 503: readiness });

/** Prometheus text exposition format 0.0.4. */
export const metricsResponses = replies({ 200: z.string() });
