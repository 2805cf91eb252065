import nodemailer from 'nodemailer';

/*
 * The SMTP side of the outbox worker (03 §9). SMTP_URL is smtp://[user:pass@]host[:port] or
 * smtps://…; query flags tune TLS: ?ignoreTLS=true (never STARTTLS), ?requireTLS=true,
 * ?rejectUnauthorized=false (a self-signed relay).
 */

export type TMailMessage = {
  /** Stable per outbox row, so a copy sent again after a crash is recognisably the same mail. */
  messageId: string;
  from: string;
  to: string;
  subject: string;
  text: string;
  html?: string | null;
  attachments?: { filename: string; contentType: string; content: Buffer }[];
  headers?: Record<string, string>;
};

export interface TMailTransport {
  send(message: TMailMessage): Promise<void>;
  close(): void;
}

const flag = (value: string | null) => value === 'true' || value === '1';

/** Transport options from SMTP_URL; the password is only ever passed to nodemailer. */
export function smtpOptions(smtpUrl: string) {
  const url = new URL(smtpUrl);
  const secure = url.protocol === 'smtps:';
  const options = {
    host: url.hostname.replace(/^\[|\]$/g, ''),
    port: url.port ? Number(url.port) : secure ? 465 : 587,
    secure,
    ignoreTLS: flag(url.searchParams.get('ignoreTLS')),
    requireTLS: flag(url.searchParams.get('requireTLS')),
    tls: { rejectUnauthorized: url.searchParams.get('rejectUnauthorized') !== 'false' },
    auth: url.username
      ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) }
      : undefined,
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 30_000,
  };
  return options;
}

/** Sends through the SMTP server SMTP_URL names. */
export function createSmtpTransport(smtpUrl: string): TMailTransport {
  const transporter = nodemailer.createTransport(smtpOptions(smtpUrl));
  return {
    async send(message) {
      await transporter.sendMail({
        messageId: message.messageId,
        from: message.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html ?? undefined,
        attachments: message.attachments,
        headers: message.headers,
      });
    },
    close: () => transporter.close(),
  };
}

/** The host and port of SMTP_URL without credentials, for log lines. */
export function describeSmtpUrl(smtpUrl: string): string {
  const url = new URL(smtpUrl);
  return `${url.protocol}//${url.host}`;
}
