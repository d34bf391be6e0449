// The one outbound guard (issue #24) on real loopback listeners: a literal private address is
// refused before any connection (Node never calls `lookup` for a literal), redirects are handed back
// rather than followed, and the fetch built on it (OAuth, discovery) obeys the same rules.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { embeddedIpv4 } from './addresses';
import { OutboundRefusedError } from './guard';
import { guardedFetch, sendOutbound } from './request';

interface Listener {
  url: string;
  received: string[];
  close(): Promise<void>;
}

async function listen(host: string, answer: (path: string) => { status: number; headers?: Record<string, string> } = () => ({ status: 200 })): Promise<Listener> {
  const received: string[] = [];
  const server = createServer((req, res) => {
    received.push(`${req.method} ${req.url} ${req.headers.authorization ?? ''}`);
    const { status, headers } = answer(req.url ?? '/');
    res.writeHead(status, { 'content-type': 'application/json', ...headers }).end('{"ok":true}');
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://${host}:${port}`, received, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

describe('outbound guard', () => {
  let bystander: Listener;
  let redirector: Listener;
  beforeAll(async () => {
    bystander = await listen('127.0.0.2');
    redirector = await listen('127.0.0.1', () => ({ status: 302, headers: { location: `${bystander.url}/stolen` } }));
  });
  afterAll(async () => {
    await Promise.all([bystander?.close(), redirector?.close()]);
  });

  test('a private literal is refused unless allowed, and nothing reaches it', async () => {
    await expect(sendOutbound(`${bystander.url}/x`, { allowedHosts: ['127.0.0.1'], timeoutMs: 2000, headers: { Authorization: 'Bearer secret' } })).rejects.toBeInstanceOf(OutboundRefusedError);
    const port = new URL(bystander.url).port;
    for (const spelling of [`http://[::ffff:7f00:2]:${port}/`, `http://[::127.0.0.2]:${port}/`, `http://[::ffff:0:7f00:2]:${port}/`, `http://2130706434:${port}/`]) {
      await expect(sendOutbound(spelling, { allowedHosts: [], timeoutMs: 2000 }), spelling).rejects.toBeInstanceOf(OutboundRefusedError);
    }
    expect(bystander.received).toEqual([]);
    const allowed = await sendOutbound(`${bystander.url}/x`, { allowedHosts: ['127.0.0.2'], timeoutMs: 2000 });
    expect(allowed.status).toBe(200);
    expect(bystander.received).toHaveLength(1);
    bystander.received.length = 0;
  });

  test('redirects are returned, never followed (by the request and by the fetch built on it)', async () => {
    const answer = await sendOutbound(`${redirector.url}/start`, { allowedHosts: ['127.0.0.1', '127.0.0.2'], timeoutMs: 2000, headers: { Authorization: 'Bearer secret' } });
    expect(answer.status).toBe(302);
    const response = await guardedFetch(['127.0.0.1', '127.0.0.2'])(`${redirector.url}/start`, { headers: { authorization: 'Bearer secret' } });
    expect(response.status).toBe(302);
    expect(bystander.received).toEqual([]);
    await expect(guardedFetch(['127.0.0.1'])(`${bystander.url}/token`, { method: 'POST', body: new URLSearchParams({ code: 'x' }) })).rejects.toBeInstanceOf(OutboundRefusedError);
    expect(bystander.received).toEqual([]);
  });

  test('IPv4 carried in IPv6, in every spelling', () => {
    expect(embeddedIpv4('::ffff:127.0.0.1')).toBe('127.0.0.1');
    expect(embeddedIpv4('::ffff:7f00:1')).toBe('127.0.0.1');
    expect(embeddedIpv4('::127.0.0.1')).toBe('127.0.0.1');
    expect(embeddedIpv4('::ffff:0:7f00:1')).toBe('127.0.0.1');
    expect(embeddedIpv4('0:0:0:0:0:ffff:0808:0808')).toBe('8.8.8.8');
    expect(embeddedIpv4('2606:4700::1111')).toBeNull();
  });
});
