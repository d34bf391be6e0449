// Baseline for bench/pages.ts: a bare Hocuspocus 4 on Fastify (no auth, no persistence, no title
// sync), mounted exactly like the real one, on PORT.
import Fastify from 'fastify';
import websocket from '@fastify/websocket';
import { createCollab, type CollabDependencies } from '../collab/server';

const app = Fastify();
await app.register(websocket);
// Bare: no database and no writes are ever reached.
const deps = { database: { db: null }, writes: {}, appBaseUrl: `http://127.0.0.1:${process.env.PORT}` } as unknown as CollabDependencies;
(await createCollab(deps, { bare: true })).mount(app);
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
console.log('bare collab ready');
