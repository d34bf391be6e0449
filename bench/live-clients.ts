// Child process of bench/live.ts (forked with IPC): opens N /live WebSockets as one user, keeps them
// subscribed (reconnecting with the last change id after any drop, like the real client), and records
// when each change event arrives, keyed by the PATCH's client mutation id. Arrival times are wall
// clock (`performance.timeOrigin + performance.now()`), comparable with the parent's timestamps.
// Protocol (parent → child): open {url, cookie, slug, since, count} · report {prefix} · tally {max, failed} · close.
import WebSocket from 'ws';

interface OpenCommand {
  type: 'open';
  url: string;
  cookie: string;
  slug: string;
  since: number;
  count: number;
}
type Command = OpenCommand | { type: 'report'; prefix: string } | { type: 'tally'; max: number; failed: number[] } | { type: 'close' };

const now = () => performance.timeOrigin + performance.now();
const MUTATION = /"client_mutation_id":"([^"]+)"/;
const CHANGE_ID = /"id":(\d+)/;

/** Arrival times per mutation id (all sockets), for latency runs. */
let arrivals = new Map<string, number[]>();
/** Soak counters: per socket, how often each `soak-<seq>` arrived. */
const soakPrefix = 'soak-';
let soakCounts: Uint8Array[] = [];
let soakSample = new Map<string, number[]>();
let reconnects = 0;
const closeCodes = new Map<number, number>();
let closing = false;
const sockets: Array<{ ws: WebSocket; lastId: number }> = [];

function record(index: number, text: string) {
  const mutation = MUTATION.exec(text)?.[1];
  if (!mutation) return;
  if (mutation.startsWith(soakPrefix)) {
    const seq = Number(mutation.slice(soakPrefix.length));
    const counts = (soakCounts[index] ??= new Uint8Array(1 << 16));
    if (seq < counts.length && counts[seq] < 255) counts[seq] += 1;
    if (seq % 10 === 0) pushArrival(soakSample, mutation);
    return;
  }
  pushArrival(arrivals, mutation);
}

function pushArrival(map: Map<string, number[]>, key: string) {
  const list = map.get(key);
  if (list) list.push(now());
  else map.set(key, [now()]);
}

function connect(command: OpenCommand, index: number, since: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(command.url, { headers: { cookie: command.cookie } });
    const slot = (sockets[index] ??= { ws, lastId: since });
    slot.ws = ws;
    let ready = false;
    ws.on('message', (data) => {
      const text = String(data);
      if (text.startsWith('{"type":"change"')) {
        // Counted before any de-duplication: a change id that arrives twice is a duplicate the server sent.
        record(index, text);
        slot.lastId = Math.max(slot.lastId, Number(CHANGE_ID.exec(text)?.[1] ?? 0));
      } else if (text.startsWith('{"type":"ping"')) {
        const cursor = /"cursor":(\d+)/.exec(text);
        if (cursor) slot.lastId = Math.max(slot.lastId, Number(cursor[1]));
        ws.send('{"type":"pong"}');
      } else if (text.startsWith('{"type":"ready"')) {
        ready = true;
        resolve();
      }
    });
    ws.once('open', () => ws.send(JSON.stringify({ type: 'subscribe', workspace: command.slug, since: slot.lastId })));
    ws.once('error', (error) => {
      if (!ready) reject(error);
    });
    ws.once('close', (code) => {
      if (closing) return;
      closeCodes.set(code, (closeCodes.get(code) ?? 0) + 1);
      reconnects += 1;
      // Reconnect with the last id seen, as client/live does (bounded: the bench ends the process).
      setTimeout(() => connect(command, index, slot.lastId).catch(() => {}), 100 + Math.random() * 400);
    });
  });
}

async function open(command: OpenCommand) {
  for (let start = 0; start < command.count; start += 100) {
    const batch = [];
    for (let i = start; i < Math.min(command.count, start + 100); i++) batch.push(connect(command, i, command.since));
    await Promise.all(batch);
  }
}

process.on('message', (command: Command) => {
  const reply = (message: unknown) => process.send!(message);
  switch (command.type) {
    case 'open':
      open(command).then(
        () => reply({ type: 'opened', count: sockets.length }),
        (error) => reply({ type: 'error', message: String(error) }),
      );
      return;
    case 'report': {
      const out: Record<string, number[]> = {};
      for (const [key, times] of arrivals) if (key.startsWith(command.prefix)) out[key] = times;
      arrivals = new Map([...arrivals].filter(([key]) => !key.startsWith(command.prefix)));
      reply({ type: 'report', arrivals: out, reconnects, closeCodes: Object.fromEntries(closeCodes) });
      return;
    }
    case 'tally': {
      // Soak: per socket, sequences 0..max that never arrived (lost) or arrived more than once (duplicated).
      let lost = 0;
      let duplicated = 0;
      const failed = new Set(command.failed);
      for (let index = 0; index < sockets.length; index++) {
        const counts = soakCounts[index] ?? new Uint8Array(1 << 16);
        for (let seq = 0; seq <= command.max; seq++) {
          if (counts[seq] === 0 && !failed.has(seq)) lost += 1;
          else if (counts[seq] > 1) duplicated += counts[seq] - 1;
        }
      }
      reply({ type: 'tally', lost, duplicated, sockets: sockets.length, sample: Object.fromEntries(soakSample), reconnects, closeCodes: Object.fromEntries(closeCodes) });
      soakSample = new Map();
      soakCounts = [];
      return;
    }
    case 'close':
      closing = true;
      for (const socket of sockets) socket.ws.terminate();
      reply({ type: 'closed' });
      setTimeout(() => process.exit(0), 50);
      return;
  }
});
