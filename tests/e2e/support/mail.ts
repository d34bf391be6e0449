// Reads mail captured by the e2e SMTP server (one .eml file per message).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';

export interface CapturedMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

async function readAll(dir: string): Promise<CapturedMail[]> {
  const files = readdirSync(dir).filter((file) => file.endsWith('.eml')).sort();
  return Promise.all(
    files.map(async (file) => {
      const parsed = await simpleParser(readFileSync(join(dir, file)));
      const to = Array.isArray(parsed.to) ? parsed.to.map((a) => a.text).join(',') : (parsed.to?.text ?? '');
      return { to, subject: parsed.subject ?? '', text: parsed.text ?? '', html: typeof parsed.html === 'string' ? parsed.html : '' };
    }),
  );
}

/** Waits for the newest message to `address` matching `predicate`. */
export async function waitForMail(dir: string, address: string, predicate: (mail: CapturedMail) => boolean = () => true, timeoutMs = 20_000): Promise<CapturedMail> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const matches = (await readAll(dir)).filter((mail) => mail.to.toLowerCase().includes(address.toLowerCase()) && predicate(mail));
    if (matches.length) return matches[matches.length - 1];
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no mail to ${address} within ${timeoutMs} ms`);
}

/** How many messages to `address` match `predicate` right now. */
export async function countMail(dir: string, address: string, predicate: (mail: CapturedMail) => boolean = () => true): Promise<number> {
  return (await readAll(dir)).filter((mail) => mail.to.toLowerCase().includes(address.toLowerCase()) && predicate(mail)).length;
}

/** Waits until more than `known` messages to `address` match, and returns the newest. */
export async function waitForNewMail(dir: string, address: string, known: number, predicate: (mail: CapturedMail) => boolean, timeoutMs = 20_000): Promise<CapturedMail> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const matches = (await readAll(dir)).filter((mail) => mail.to.toLowerCase().includes(address.toLowerCase()) && predicate(mail));
    if (matches.length > known) return matches[matches.length - 1];
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no new mail to ${address} within ${timeoutMs} ms`);
}
