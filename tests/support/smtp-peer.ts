// A real SMTP peer for tests (smtp-server on a free port, no TLS, no auth): every message it receives, raw.
import { SMTPServer } from 'smtp-server';

export interface SmtpPeer {
  port: number;
  /** The raw messages received, in order. */
  received: string[];
  close(): Promise<void>;
}

export async function smtpPeer(): Promise<SmtpPeer> {
  const received: string[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    // No reverse DNS of the client (this machine has no resolver for it: each connection would wait on it).
    disableReverseLookup: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, done) {
      let text = '';
      stream.on('data', (c: Buffer) => (text += c.toString('utf8')));
      stream.on('end', () => {
        received.push(text);
        done();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  return {
    port: (smtp.server.address() as { port: number }).port,
    received,
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  };
}
