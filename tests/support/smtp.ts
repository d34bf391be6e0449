// A real SMTP server on 127.0.0.1 (random port) that keeps every message it receives, parsed with
// mailparser, so tests can read a magic code or a reset link out of the mail the server sent.
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';

export interface CapturedMail {
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  parsed: ParsedMail;
}

export interface SmtpCapture {
  host: string;
  port: number;
  /** Environment for createTestServer that points SMTP_* at this server. */
  env: Record<string, string>;
  messages: CapturedMail[];
  /** Waits for the next message to `to` that arrived after index `since` (default: any so far). */
  waitFor(to: string, options?: { since?: number; timeoutMs?: number }): Promise<CapturedMail>;
  /** While true, every message is refused with a temporary error (451) — an SMTP outage. */
  refusing: boolean;
  /** Stops listening (connections are refused) until `start()`; `start()` listens on the same port again. */
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

/** Starts the capturing SMTP server (no TLS, no auth required). */
export async function startSmtpCapture(): Promise<SmtpCapture> {
  const messages: CapturedMail[] = [];
  const waiters = new Set<() => void>();
  const state = { refusing: false };
  const makeServer = () => new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth(_auth, _session, callback) {
      callback(null, { user: 'test' });
    },
    onMailFrom(_address, _session, callback) {
      if (!state.refusing) return callback();
      const error = Object.assign(new Error('Service temporarily unavailable'), { responseCode: 451 });
      callback(error);
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          messages.push({
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
            parsed,
          });
          for (const wake of waiters) wake();
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  const listen = (instance: SMTPServer, onPort: number) =>
    new Promise<void>((resolve, reject) => {
      instance.once('error', reject);
      instance.listen(onPort, '127.0.0.1', () => resolve());
    });
  let server: SMTPServer | null = makeServer();
  await listen(server, 0);
  const { port } = server.server.address() as AddressInfo;
  const stop = () =>
    new Promise<void>((resolve) => {
      const running = server;
      server = null;
      if (!running) return resolve();
      running.close(() => resolve());
    });

  function find(to: string, since: number) {
    return messages.slice(since).find((message) => message.to.includes(to.toLowerCase()));
  }

  return {
    host: '127.0.0.1',
    port,
    env: { SMTP_HOST: '127.0.0.1', SMTP_PORT: String(port), SMTP_FROM: 'Trellis <no-reply@trellis.test>' },
    messages,
    waitFor(to, options = {}) {
      const since = options.since ?? 0;
      const existing = find(to, since);
      if (existing) return Promise.resolve(existing);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no email to ${to} within ${options.timeoutMs ?? 10_000} ms`));
        }, options.timeoutMs ?? 10_000);
        function check() {
          const message = find(to, since);
          if (!message) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(message);
        }
        waiters.add(check);
      });
    },
    get refusing() {
      return state.refusing;
    },
    set refusing(value: boolean) {
      state.refusing = value;
    },
    stop,
    async start() {
      if (server) return;
      server = makeServer();
      await listen(server, port);
    },
    close: stop,
  };
}
