// Baseline for bench/pages.ts: a bare Hocuspocus 4 on Fastify (no auth, no persistence, no title
// sync), mounted exactly like the real one, on PORT.
import Fastify from 'fastify';
import websocket from '@fastify/websocket';
import { createCollab } from '../collab/server';
import type { ServerContext } from '../server/context';

const app = Fastify();
await app.register(websocket);
const ctx = { config: {}, database: null, db: null, afterCommit: [] } as unknown as ServerContext;
createCollab(ctx, { bare: true }).mount(app);
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
console.log('bare collab ready');
