// A real SMTP peer for tests (smtp-server on 127.0.0.1, no TLS, no auth): every message it receives, raw. It can go
// down and come back on the same port (an outage), and refuses mailboxes at reject.test with a permanent 550.
import { SMTPServer } from 'smtp-server';

export interface SmtpPeer {
  port: number;
  /** The raw messages received, in order (across outages). */
  received: string[];
  /** Stops listening (connections are refused) until up(). */
  down(): Promise<void>;
  /** Listens again, on the same port once it had one. */
  up(): Promise<void>;
  close(): Promise<void>;
}

export async function smtpPeer(): Promise<SmtpPeer> {
  const received: string[] = [];
  let smtp: SMTPServer | null = null;
  let port = 0;
  const peer: SmtpPeer = {
    received,
    get port() {
      return port;
    },
    async up() {
      if (smtp) return;
      const s = new SMTPServer({
        authOptional: true,
        // No reverse DNS of the client (this machine has no resolver for it: each connection would wait on it).
        disableReverseLookup: true,
        disabledCommands: ['STARTTLS'],
        // A mailbox that does not exist: a permanent refusal (550).
        onRcptTo(address, _session, callback) {
          if (!address.address.endsWith('@reject.test')) return callback();
          callback(Object.assign(new Error('No such user here'), { responseCode: 550 }));
        },
        onData(stream, _session, done) {
          let text = '';
          stream.on('data', (c: Buffer) => (text += c.toString('utf8')));
          stream.on('end', () => {
            received.push(text);
            done();
          });
        },
      });
      smtp = s;
      await new Promise<void>((resolve, reject) => {
        s.server.once('error', reject);
        s.listen(port, '127.0.0.1', resolve);
      });
      port = (s.server.address() as { port: number }).port;
    },
    async down() {
      const s = smtp;
      smtp = null;
      if (s) await new Promise<void>((resolve) => s.close(() => resolve()));
    },
    close: () => peer.down(),
  };
  await peer.up();
  return peer;
}
