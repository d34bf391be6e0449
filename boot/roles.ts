// Which services each TRELLIS_ROLE runs (see ./services.ts), in a module of its own so the process
// entry (./main.ts) can read it before it loads the services themselves.
import type { Config } from '../server/config';

export type ServiceName = 'web' | 'live' | 'collab' | 'jobs';

/**
 * What each TRELLIS_ROLE runs. `all` is the default single process; `server` and `collab` are the
 * two halves of the scale-out topology (docker-compose.yml): API servers fan change events out
 * through Postgres NOTIFY, collaboration servers share documents through Redis.
 */
export const ROLE_SERVICES: Record<Config['TRELLIS_ROLE'], readonly ServiceName[]> = {
  all: ['web', 'live', 'collab', 'jobs'],
  server: ['web', 'live', 'jobs'],
  collab: ['collab'],
};
