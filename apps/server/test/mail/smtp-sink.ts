import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import type { ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  /** Envelope recipients (RCPT TO), which is who really gets the mail. */
  rcptTo: string[];
  mailFrom: string;
  raw: string;
  parsed: ParsedMail;
}

/**
 * A real SMTP server on loopback that keeps what it receives. `stop()` closes it (connections are
 * refused) and `start()` opens it again on the same port, to test delivery retries.
 */
export class SmtpSink {
  readonly received: ReceivedMail[] = [];
  private server: SMTPServer | null = null;
  port = 0;

  async start(port = this.port): Promise<void> {
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          const raw = Buffer.concat(chunks).toString('utf8');
          simpleParser(raw)
            .then((parsed) => {
              this.received.push({
                rcptTo: session.envelope.rcptTo.map((r) => r.address),
                mailFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
                raw,
                parsed,
              });
              callback();
            })
            .catch(callback);
        });
      },
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve());
    });
    this.port = (server.server.address() as AddressInfo).port;
    this.server = server;
  }

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /**
   * Waits until `count` mails (matching `filter`, when given) have arrived, or fails after
   * `timeoutMs`. A filter keeps a late mail from an earlier test from being taken for this one.
   */
  async waitFor(
    count: number,
    timeoutMs = 20_000,
    filter: (mail: ReceivedMail) => boolean = () => true,
  ): Promise<ReceivedMail[]> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const matching = this.received.filter(filter);
      if (matching.length >= count) return matching;
      if (Date.now() > deadline) {
        throw new Error(`expected ${count} mails, got ${matching.length}`);
      }
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}
