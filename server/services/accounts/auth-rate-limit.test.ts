import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../../../db/schema/index';
import { createTestServer, type TestServer } from '../../../tests/support/server';
import { buildUser, setupInstance } from '../../../tests/support/factories';
import { TEST_CSRF } from '../../../tests/support/auth';
import { redisAnswersPing, TEST_REDIS_URL } from '../../../tests/support/redis';
import type { FastifyRequest } from 'fastify';
import { normalizeIP } from '@fastify/rate-limit';
import { MAX_TRACKED_KEYS } from '../../plugins/rate-limit';
import { authLimits } from './auth-rate-limit';

let server: TestServer;
let seq = 0;
const forgedAddress = () => `198.51.100.${seq++ % 250}, 203.0.113.${seq++ % 250}`;

beforeAll(async () => {
  server = await createTestServer({
    env: { RATE_LIMIT_AUTH_PER_MIN: '6', RATE_LIMIT_AUTH_PER_EMAIL_PER_MIN: '3', RATE_LIMIT_AUTH_FAILURES_PER_IP_PER_HOUR: '4' },
  });
  await setupInstance(server);
});

afterAll(async () => {
  await server?.close();
});

const LIMITED = { error_code: 5900, error_message: 'RATE_LIMIT_EXCEEDED' };

function signIn(email: string, remoteAddress: string, headers: Record<string, string> = {}, target = server) {
  return target.inject({ method: 'POST', url: '/auth/sign-in/', remoteAddress, headers, payload: { email, password: 'wrong-password-1' } });
}

function emailCheck(remoteAddress: string, headers: Record<string, string> = {}, target = server) {
  return target.inject({ method: 'POST', url: '/auth/email-check/', remoteAddress, headers, payload: { email: `check-${seq++}@example.com` } });
}

test('the fourth attempt for one email within a minute is 429 5900, from any address', async () => {
  for (let attempt = 0; attempt < 3; attempt++) expect((await signIn('Target@Example.com', `10.0.0.${attempt + 1}`)).statusCode).toBe(400);
  const limited = await signIn(' target@example.com', '10.0.0.9');
  expect(limited.statusCode).toBe(429);
  expect(limited.json()).toEqual(LIMITED);
  // It says when to come back: within the minute's window, in whole seconds.
  const retryAfter = Number(limited.headers['retry-after']);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(60);
  expect((await signIn('someone-else@example.com', '10.0.0.9')).statusCode).toBe(400);
});

test('more than the per-IP limit of /auth/ posts from one address is 429, whatever the endpoint', async () => {
  const address = '10.1.1.1';
  const urls = ['/auth/email-check/', '/auth/magic-generate/', '/auth/forgot-password/', '/auth/sign-up/', '/auth/magic-sign-in/', '/auth/sign-out/'];
  for (const [index, url] of urls.entries()) {
    const response = await server.inject({ method: 'POST', url, remoteAddress: address, payload: { email: `ip-${index}@example.com` } });
    expect(response.statusCode, url).not.toBe(429);
  }
  const limited = await signIn('ip-last@example.com', address);
  expect(limited.statusCode).toBe(429);
  expect(limited.json()).toEqual(LIMITED);
  expect((await signIn('ip-last@example.com', '10.1.1.2')).statusCode).toBe(400);
});

test('a form post over the limit also answers 429 with the code', async () => {
  const address = '10.2.2.2';
  const post = () =>
    server.inject({
      method: 'POST',
      url: '/auth/sign-in/',
      remoteAddress: address,
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: `csrftoken=${TEST_CSRF}` },
      payload: new URLSearchParams({ email: 'form-limit@example.com', password: 'x', csrfmiddlewaretoken: TEST_CSRF }).toString(),
    });
  for (let attempt = 0; attempt < 3; attempt++) expect((await post()).statusCode).toBe(302);
  const limited = await post();
  expect(limited.statusCode).toBe(429);
  expect(limited.json()).toEqual(LIMITED);
});

describe('forwarded addresses (TRUST_PROXY off by default)', () => {
  test('a client that forges a new X-Forwarded-For on every request is still limited by its own address', async () => {
    const answers: number[] = [];
    for (let attempt = 0; attempt < 8; attempt++) answers.push((await emailCheck('10.3.3.3', { 'x-forwarded-for': forgedAddress() })).statusCode);
    expect(answers.slice(0, 6)).not.toContain(429);
    expect(answers.slice(6)).toEqual([429, 429]);

    const signIns: number[] = [];
    for (let attempt = 0; attempt < 6; attempt++) {
      signIns.push((await signIn(`forged-${attempt}@example.com`, '10.3.3.4', { 'x-forwarded-for': forgedAddress() })).statusCode);
    }
    expect(signIns).toEqual([400, 400, 400, 400, 429, 429]);
  });

  test('IPv6 addresses of one /64 count as one client', async () => {
    // The key of a client address (the limiter's normalizeIP): a /64 for IPv6, the address for IPv4.
    expect(normalizeIP('2001:0db8:0001:0002:aaaa:bbbb:cccc:dddd')).toBe(normalizeIP('2001:db8:1:2::1'));
    expect(normalizeIP('2001:db8:1:3::1')).not.toBe(normalizeIP('2001:db8:1:2::1'));
    expect(normalizeIP('::ffff:10.0.0.1')).toBe('10.0.0.1');
    expect(normalizeIP('10.0.0.1')).not.toBe(normalizeIP('10.0.0.2'));
    const answers: number[] = [];
    for (let attempt = 0; attempt < 7; attempt++) answers.push((await emailCheck(`2001:db8:77:1::${(attempt + 1).toString(16)}`)).statusCode);
    expect(answers.slice(0, 6)).not.toContain(429);
    expect(answers[6]).toBe(429);
    expect((await emailCheck('2001:db8:77:2::1')).statusCode).not.toBe(429);
  });
});

test(`a limited client stays limited while the limiter tracks more than ${MAX_TRACKED_KEYS} keys`, async () => {
  const address = '10.6.6.6';
  for (let attempt = 0; attempt < 6; attempt++) expect((await emailCheck(address)).statusCode).not.toBe(429);
  expect((await emailCheck(address)).statusCode).toBe(429);
  const { perClient } = authLimits(server.app);
  // What the limiter reads of a request: its address (and its route's options).
  const from = (ip: string) => ({ ip, routeOptions: { config: {} } }) as FastifyRequest;
  const floodAddress = (round: number, index: number) => `172.${16 + round}.${index >> 8}.${index & 255}`;
  // Other clients fill the store past its bound while the limited one keeps trying.
  for (let round = 0; round < 6; round++) {
    for (let index = 0; index < 10_000; index++) await perClient(from(floodAddress(round, index)));
    const retry = await emailCheck(address);
    expect(retry.statusCode, `after ${(round + 1) * 10_000} other keys`).toBe(429);
    expect(retry.json()).toEqual(LIMITED);
  }
  // The store stayed bounded: the earliest idle keys were forgotten, the latest are still counted.
  expect(await perClient(from(floodAddress(0, 0)), { increment: false })).toMatchObject({ remaining: 6 });
  expect(await perClient(from(floodAddress(5, 9_999)), { increment: false })).toMatchObject({ remaining: 5 });
});

test('password spraying: failed sign-ins to many different emails from one address are limited, other addresses are not', async () => {
  const address = '10.4.4.4';
  const victim = await buildUser(server);
  for (let attempt = 0; attempt < 4; attempt++) {
    expect((await signIn(`spray-${attempt}@example.com`, address)).statusCode).toBe(400);
  }
  // Each email saw one attempt and the address is under its per-minute limit: only the failures count stops it.
  const sprayed = await signIn('spray-next@example.com', address);
  expect(sprayed.statusCode).toBe(429);
  expect(sprayed.json()).toEqual(LIMITED);
  const rightPassword = await server.inject({ method: 'POST', url: '/auth/sign-in/', remoteAddress: address, payload: { email: victim.email, password: victim.password } });
  expect(rightPassword.statusCode).toBe(429);
  const elsewhere = await server.inject({ method: 'POST', url: '/auth/sign-in/', remoteAddress: '10.4.4.5', payload: { email: victim.email, password: victim.password } });
  expect(elsewhere.statusCode).toBe(200);
});

describe('TRUST_PROXY=127.0.0.1', () => {
  let proxied: TestServer;

  beforeAll(async () => {
    proxied = await createTestServer({ env: { TRUST_PROXY: '127.0.0.1', RATE_LIMIT_AUTH_PER_MIN: '3', RATE_LIMIT_AUTH_PER_EMAIL_PER_MIN: '100' } });
    await setupInstance(proxied);
  });
  afterAll(async () => proxied?.close());

  test('requests from the proxy are counted per forwarded client; others by their own address', async () => {
    const viaProxy = (client: string) => emailCheck('127.0.0.1', { 'x-forwarded-for': client }, proxied);
    for (let client = 1; client <= 5; client++) expect((await viaProxy(`203.0.113.${client}`)).statusCode).not.toBe(429);
    for (let attempt = 0; attempt < 3; attempt++) expect((await viaProxy('203.0.113.99')).statusCode).not.toBe(429);
    expect((await viaProxy('203.0.113.99')).statusCode).toBe(429);
    // Only the configured proxy is believed: any other peer's X-Forwarded-For is ignored.
    const answers: number[] = [];
    for (let attempt = 0; attempt < 4; attempt++) answers.push((await emailCheck('10.9.9.9', { 'x-forwarded-for': forgedAddress() }, proxied)).statusCode);
    expect(answers).toEqual([200, 200, 200, 429]);
  });

  test('the forwarded address is the one recorded at sign-in', async () => {
    const user = await buildUser(proxied);
    const response = await proxied.inject({
      method: 'POST',
      url: '/auth/sign-in/',
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': '198.51.100.23' },
      payload: { email: user.email, password: user.password },
    });
    expect(response.statusCode).toBe(200);
    const [row] = await proxied.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row.lastLoginIp).toBe('198.51.100.23');
  });
});

const hasRedis = await redisAnswersPing();
if (!hasRedis) console.warn(`[auth-rate-limit.test.ts] shared-count tests skipped: no Redis at ${TEST_REDIS_URL}`);

describe('REDIS_URL: every server process counts in one Redis', () => {
  const limits = { RATE_LIMIT_AUTH_PER_MIN: '4', RATE_LIMIT_AUTH_PER_EMAIL_PER_MIN: '100', RATE_LIMIT_AUTH_FAILURES_PER_IP_PER_HOUR: '2' };
  let first: TestServer;
  let second: TestServer;
  let alone: TestServer;
  // Counts of earlier runs stay in Redis for up to an hour: each run uses addresses of its own.
  const runBlock = `${randomInt(1, 255)}.${randomInt(0, 256)}`;
  let host = 0;
  const freshAddress = () => `10.${runBlock}.${++host}`;

  beforeAll(async () => {
    if (!hasRedis) return;
    [first, second, alone] = await Promise.all([
      createTestServer({ env: { REDIS_URL: TEST_REDIS_URL, ...limits } }),
      createTestServer({ env: { REDIS_URL: TEST_REDIS_URL, ...limits } }),
      createTestServer({ env: limits }),
    ]);
    await Promise.all([setupInstance(first), setupInstance(second), setupInstance(alone)]);
  });
  afterAll(async () => Promise.all([first?.close(), second?.close(), alone?.close()]));

  test.skipIf(!hasRedis)('two app instances share one per-address count', async () => {
    const address = freshAddress();
    const answers: number[] = [];
    for (const server of [first, second, first, second, first, second]) answers.push((await emailCheck(address, {}, server)).statusCode);
    expect(answers).toEqual([200, 200, 200, 200, 429, 429]);
    // An instance without REDIS_URL counts alone in its memory: the same address is fresh there.
    expect((await emailCheck(address, {}, alone)).statusCode).toBe(200);
  });

  test.skipIf(!hasRedis)('failed sign-ins on one instance count on the other', async () => {
    const address = freshAddress();
    expect((await signIn(`shared-${runBlock}-a@example.com`, address, {}, first)).statusCode).toBe(400);
    expect((await signIn(`shared-${runBlock}-b@example.com`, address, {}, second)).statusCode).toBe(400);
    const limited = await signIn(`shared-${runBlock}-c@example.com`, address, {}, first);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual(LIMITED);
  });
});
