// Outgoing email over SMTP (nodemailer). Settings are read from the instance configuration on every
// send (EMAIL_* keys, seeded from SMTP_*), so an admin's change applies to the very next message.
import type { Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { ServerContext } from '../context';
import { getInstanceSettings, type SmtpSettings } from '../services/ops/instance';

interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Thrown by sendMail when no SMTP host is configured. */
class MailNotConfiguredError extends Error {
  constructor() {
    super('SMTP is not configured');
  }
}

// One transport per distinct settings; a changed setting simply makes a new one.
const transports = new Map<string, Transporter>();

async function transportFor(smtp: SmtpSettings): Promise<Transporter> {
  const key = JSON.stringify(smtp);
  let transport = transports.get(key);
  if (!transport) {
    // Loaded on the first message, not at start: a server that sends no mail never compiles it.
    const { default: nodemailer } = await import('nodemailer');
    transport = nodemailer.createTransport({
      host: smtp.host,
      port: smtp.port,
      secure: smtp.secure,
      auth: smtp.user ? { user: smtp.user, pass: smtp.password } : undefined,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    });
    transports.set(key, transport);
  }
  return transport;
}

/**
 * Sends one message with the instance's current SMTP settings.
 * @throws MailNotConfiguredError when no SMTP host is set; the transport's error when sending fails.
 */
export async function sendMail(ctx: ServerContext, message: MailMessage): Promise<void> {
  const { smtp } = await getInstanceSettings(ctx);
  if (!smtp.host) throw new MailNotConfiguredError();
  await (await transportFor(smtp)).sendMail({ from: smtp.from, ...message });
}

/**
 * Sends after the caller's transaction has committed, without making the request wait; a failure
 * is logged (never shown to the caller, which must not learn whether an address exists).
 */
export function sendMailInBackground(ctx: ServerContext, log: FastifyBaseLogger, message: MailMessage): void {
  sendMail(ctx, message).catch((error: unknown) => {
    log.error({ err: error, subject: message.subject }, 'sending email failed');
  });
}
