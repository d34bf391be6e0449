// Attachments: multipart upload with `attributes`, list, streaming download, delete rules, the
// size limit (413), and the S3-compatible backend against a local fake bucket.
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { changes } from '../../db/schema/index';
import { createTestServer } from '../../tests/support/server';
import { buildWorld, type CallerName } from '../../tests/support/world';

interface Part {
  name: string;
  filename?: string;
  type?: string;
  content: string | Buffer;
}

function multipart(parts: Part[]) {
  const boundary = `----trellis${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename ? `; filename="${part.filename}"` : ''}`;
    const type = part.filename ? `\r\nContent-Type: ${part.type ?? 'application/octet-stream'}` : '';
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}${type}\r\n\r\n`), Buffer.from(part.content), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

async function setup(env: Record<string, string> = {}) {
  const server = await createTestServer({ env: { FILE_SIZE_LIMIT: '2048', ...env } });
  const world = await buildWorld(server);
  const base = `/api/workspaces/${world.workspace.slug}/projects/${world.project.id}`;
  const call = (caller: CallerName, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
    server.inject({ method, url: `${base}/${url}`, headers: world.headers[caller], ...(payload ? { payload } : {}) });
  const upload = (caller: CallerName, issueId: string, parts: Part[]) => {
    const body = multipart(parts);
    return server.inject({ method: 'POST', url: `${base}/issues/${issueId}/issue-attachments/`, headers: { ...world.headers[caller], 'content-type': body.contentType }, payload: body.payload });
  };
  const issue = (await call('member', 'POST', 'issues/', { name: 'With files' })).json() as { id: string };
  return { server, world, call, upload, issue };
}

describe('attachments on disk', () => {
  let ctx: Awaited<ReturnType<typeof setup>>;
  beforeAll(async () => {
    ctx = await setup();
  });
  afterAll(() => ctx.server.close());

  test('upload, list, download, delete', async () => {
    const { call, upload, issue, world, server } = ctx;
    const uploaded = await upload('member', issue.id, [
      { name: 'attributes', content: JSON.stringify({ note: 'spec' }) },
      { name: 'asset', filename: 'notes é.txt', type: 'text/plain', content: 'hello file' },
    ]);
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const attachment = uploaded.json();
    expect(attachment).toMatchObject({ attributes: { note: 'spec', name: 'notes é.txt', type: 'text/plain', size: 10 }, issue: issue.id, created_by: world.member.id });
    expect(attachment.asset_url).toContain(`/issue-attachments/${attachment.id}/download/`);
    expect((await call('guest', 'GET', `issues/${issue.id}/issue-attachments/`)).statusCode).toBe(403);
    expect((await call('admin', 'GET', `issues/${issue.id}/issue-attachments/`)).json()).toHaveLength(1);
    expect((await call('member', 'GET', `issues/${issue.id}/`)).json().attachment_count).toBe(1);
    const download = await call('admin', 'GET', `issues/${issue.id}/issue-attachments/${attachment.id}/download/`);
    expect(download.statusCode).toBe(200);
    expect(download.body).toBe('hello file');
    expect(download.headers['content-type']).toContain('text/plain');
    expect(download.headers['content-disposition']).toContain(`filename*=UTF-8''notes%20%C3%A9.txt`);
    expect((await call('anonymous', 'GET', `issues/${issue.id}/issue-attachments/${attachment.id}/download/`)).statusCode).toBe(401);
    const admin = (await call('admin', 'POST', 'issues/', { name: 'admin issue' })).json();
    const adminFile = (await upload('admin', admin.id, [{ name: 'asset', filename: 'a.bin', content: 'x' }])).json();
    expect((await call('member', 'DELETE', `issues/${admin.id}/issue-attachments/${adminFile.id}/`)).statusCode).toBe(403);
    expect((await call('member', 'DELETE', `issues/${issue.id}/issue-attachments/${attachment.id}/`)).statusCode).toBe(204);
    expect((await call('member', 'GET', `issues/${issue.id}/issue-attachments/`)).json()).toEqual([]);
    expect((await call('admin', 'GET', `issues/${issue.id}/issue-attachments/${attachment.id}/download/`)).statusCode).toBe(404);
    const events = await server.database.db.select().from(changes).where(and(eq(changes.entity, 'issue_attachment'), eq(changes.entityId, attachment.id))).orderBy(changes.id);
    expect(events.map((event) => event.op)).toEqual(['create', 'delete']);
  });

  test('refuses files above FILE_SIZE_LIMIT with 413, a missing asset and bad attributes with 400', async () => {
    const { upload, call, issue } = ctx;
    const tooBig = await upload('member', issue.id, [{ name: 'asset', filename: 'big.bin', content: Buffer.alloc(4096, 1) }]);
    expect(tooBig.statusCode).toBe(413);
    expect(typeof tooBig.json().error).toBe('string');
    const missing = await upload('member', issue.id, [{ name: 'attributes', content: '{}' }]);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ asset: ['No file was submitted.'] });
    const badAttributes = await upload('member', issue.id, [{ name: 'attributes', content: 'nope' }, { name: 'asset', filename: 'a', content: 'a' }]);
    expect(badAttributes.statusCode).toBe(400);
    expect((await call('member', 'POST', `issues/${issue.id}/issue-attachments/`, { asset: 'x' })).statusCode).toBe(400);
    expect((await upload('outsider', issue.id, [{ name: 'asset', filename: 'a', content: 'a' }])).statusCode).toBe(403);
    expect((await call('member', 'GET', `issues/${issue.id}/issue-attachments/`)).json()).toEqual([]);
  });
});

describe('attachments in an S3-compatible bucket', () => {
  const objects = new Map<string, Buffer>();
  const signed: string[] = [];
  let bucket: Server;
  let ctx: Awaited<ReturnType<typeof setup>>;

  beforeAll(async () => {
    bucket = createServer((request, response) => {
      signed.push(String(request.headers.authorization ?? ''));
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const key = request.url ?? '';
        if (request.method === 'PUT') objects.set(key, Buffer.concat(chunks));
        if (request.method === 'DELETE') objects.delete(key);
        if (request.method === 'GET' && !objects.has(key)) return response.writeHead(404).end();
        response.writeHead(request.method === 'DELETE' ? 204 : 200).end(request.method === 'GET' ? objects.get(key) : undefined);
      });
    });
    await new Promise<void>((resolve) => bucket.listen(0, '127.0.0.1', resolve));
    const port = (bucket.address() as { port: number }).port;
    ctx = await setup({ S3_ENDPOINT: `http://127.0.0.1:${port}`, S3_BUCKET: 'files', S3_ACCESS_KEY_ID: 'key', S3_SECRET_ACCESS_KEY: 'secret' });
  });
  afterAll(async () => {
    await ctx.server.close();
    await new Promise((resolve) => bucket.close(resolve));
  });

  test('stores, streams and deletes objects with signed requests', async () => {
    const { upload, call, issue } = ctx;
    const attachment = (await upload('member', issue.id, [{ name: 'asset', filename: 'cloud.txt', type: 'text/plain', content: 'in the cloud' }])).json();
    expect([...objects.keys()]).toHaveLength(1);
    expect([...objects.keys()][0]).toMatch(/^\/files\/.+cloud\.txt$/);
    const download = await call('member', 'GET', `issues/${issue.id}/issue-attachments/${attachment.id}/download/`);
    expect(download.body).toBe('in the cloud');
    expect((await call('member', 'DELETE', `issues/${issue.id}/issue-attachments/${attachment.id}/`)).statusCode).toBe(204);
    expect(objects.size).toBe(0);
    expect(signed.every((header) => header.startsWith('AWS4-HMAC-SHA256'))).toBe(true);
  });
});
