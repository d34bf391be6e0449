// Baseline for the fan-out of bench/embedded-default.ts: a bare `ws` server speaking just enough of
// /live for bench/live-clients.ts (subscribe → ready; a change event per write), in its own process
// like the real server. Any HTTP request is a "write": its x-client-mutation-id is broadcast to every
// socket as a change event, then the request is answered. No auth, no database, no change log.
import { createServer } from 'node:http';
import { WebSocketServer, type WebSocket } from 'ws';

const sockets = new Set<WebSocket>();
let changeId = 0;

const server = createServer((request, response) => {
  request.resume();
  request.on('end', () => {
    const mutation = String(request.headers['x-client-mutation-id'] ?? '');
    const event = JSON.stringify({ type: 'change', id: ++changeId, client_mutation_id: mutation });
    for (const socket of sockets) socket.send(event);
    response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
  });
});
const wss = new WebSocketServer({ server, path: '/live/' });
wss.on('connection', (socket) => {
  sockets.add(socket);
  socket.on('close', () => sockets.delete(socket));
  socket.on('message', (data) => {
    if (String(data).includes('"subscribe"')) socket.send(JSON.stringify({ type: 'ready', head: changeId }));
  });
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  console.log(`listening http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`);
});
process.on('SIGTERM', () => process.exit(0));
