// The Redis of the test machine (127.0.0.1:6379) for suites that need several processes to share
// state: collab scale-out, rate limits. Suites skip, with the reason printed, when it does not answer.
import { connect } from 'node:net';

export const TEST_REDIS_URL = 'redis://127.0.0.1:6379';

/** True when a Redis on 127.0.0.1:6379 answers PING within half a second. */
export async function redisAnswersPing(): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(6379, '127.0.0.1');
    socket.setTimeout(500);
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => {
      socket.destroy();
      resolve(data.toString().includes('PONG'));
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}
