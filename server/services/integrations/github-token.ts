// Security: GitHub tokens of repository syncs are stored encrypted (AES-256-GCM, key derived from
// SECRET_KEY), so a database dump alone does not hand out access to the teams' repositories. They
// are decrypted only by the import job and never returned by the API.
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

const PREFIX = 'v1:';

function key(secretKey: string): Buffer {
  return createHash('sha256').update(`trellis-github-token:${secretKey}`).digest();
}

export function encryptToken(secretKey: string, token: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key(secretKey), iv);
  const data = Buffer.concat([cipher.update(token, 'utf8'), cipher.final()]);
  return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), data]).toString('base64');
}

/** @throws Error when the value was not encrypted with this SECRET_KEY. */
export function decryptToken(secretKey: string, stored: string): string {
  if (!stored.startsWith(PREFIX)) throw new Error('unknown token format');
  const raw = Buffer.from(stored.slice(PREFIX.length), 'base64');
  const decipher = createDecipheriv('aes-256-gcm', key(secretKey), raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
}
