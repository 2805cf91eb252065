import PostalMime, { type Email } from 'postal-mime';
import { SMTPServer } from 'smtp-server';

/*
 * A real SMTP server on loopback for tests (03 §9: mail is received, not mocked). It accepts
 * every message, parses it with postal-mime and keeps it; waitForMail() resolves when one
 * matching message has arrived.
 */

export type TReceivedMail = Email & { envelopeTo: string[]; raw: string };

export type TTestSmtpServer = {
  /** smtp://127.0.0.1:<port>, for SMTP_URL. */
  url: string;
  port: number;
  messages: TReceivedMail[];
  waitForMail(predicate: (mail: TReceivedMail) => boolean, timeoutMs?: number): Promise<TReceivedMail>;
  close(): Promise<void>;
};

export async function startSmtpServer(): Promise<TTestSmtpServer> {
  const messages: TReceivedMail[] = [];
  const waiters = new Set<() => void>();

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        PostalMime.parse(raw)
          .then((email) => {
            messages.push({
              ...email,
              envelopeTo: session.envelope.rcptTo.map((r) => r.address),
              raw,
            });
            for (const wake of waiters) wake();
            callback();
          })
          .catch((error: Error) => callback(error));
      });
    },
  });

  const port = await new Promise<number>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.server.address();
      if (typeof address === 'object' && address) resolve(address.port);
      else reject(new Error('SMTP test server has no port'));
    });
  });
  // A sender that dies mid-message (the fault run kills the server) resets its connection;
  // that message was never accepted, and the server goes on receiving.
  server.on('error', () => undefined);

  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    messages,
    waitForMail(predicate, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = messages.find(predicate);
          if (!found) return false;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching mail within ${timeoutMs} ms (received ${messages.length})`));
        }, timeoutMs);
        if (!check()) waiters.add(check);
      });
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
