// The embedded cluster's password is stored as a SCRAM verifier of one PBKDF2 iteration, not
// Postgres's default 4,096. Every new connection makes the client derive the key from the
// password with that many iterations: postgres.js does it with pbkdf2Sync on the main thread,
// about 5 ms a connection on a 2-core machine, three times before a start's first answer and
// again whenever the pool opens a connection under load. Iterations slow down guessing a
// person's password from a stolen verifier; this password is 192 random bits (cluster.ts) kept in
// plain text beside the cluster, so they protect nothing here.
import { createHash, createHmac, pbkdf2Sync, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '../client';

const ITERATIONS = 1;

/** A SCRAM-SHA-256 verifier as Postgres stores it (RFC 5802, RFC 7677): iterations, salt, StoredKey, ServerKey. */
function scramVerifier(password: string): string {
  // The password is ASCII (hex), which SASLprep leaves as it is.
  const salt = randomBytes(16);
  const salted = pbkdf2Sync(password, salt, ITERATIONS, 32, 'sha256');
  const clientKey = createHmac('sha256', salted).update('Client Key').digest();
  const storedKey = createHash('sha256').update(clientKey).digest();
  const serverKey = createHmac('sha256', salted).update('Server Key').digest();
  return `SCRAM-SHA-256$${ITERATIONS}:${salt.toString('base64')}$${storedKey.toString('base64')}:${serverKey.toString('base64')}`;
}

/** The iteration count of the connected role's stored verifier (null when it is not SCRAM). */
async function verifierIterations(database: Database): Promise<number | null> {
  const [row] = await database.query<{ iterations: string | null }>(
    sql`select substring(rolpassword from '^SCRAM-SHA-256\\$([0-9]+):') as iterations from pg_authid where rolname = current_user`,
  );
  return row?.iterations ? Number(row.iterations) : null;
}

/**
 * Stores the one-iteration verifier of `password` for the connected role, unless it is stored
 * already (one query at a start; the first start of a cluster also rewrites it). The verifier, not
 * the password, travels in the statement, so the password never reaches the server's log.
 */
export async function useOneIterationVerifier(database: Database, password: string): Promise<void> {
  const iterations = await verifierIterations(database);
  if (iterations === ITERATIONS) return;
  const verifier = scramVerifier(password);
  // Base64, digits, '$' and ':' only: safe inside a quoted literal (ALTER ROLE takes no parameters).
  if (!/^[A-Za-z0-9+/=$:-]+$/.test(verifier)) throw new Error('unexpected characters in a SCRAM verifier');
  await database.query(sql.raw(`alter role current_user password '${verifier}'`));
}
