// A real SMTP server for the end-to-end suite: the site under test sends its email here over SMTP,
// and tests read what arrived over a small HTTP API (GET /messages?to=…). Nothing leaves the machine.
import { createServer } from 'node:http';
import { SMTPServer } from 'smtp-server';
import { parseMessage } from './mime.mjs';

const smtpPort = Number(process.env.SINK_SMTP_PORT ?? 3125);
const httpPort = Number(process.env.SINK_HTTP_PORT ?? 3126);
const messages = [];

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'], // plain SMTP on loopback, as a local relay would offer
  logger: false,
  onData(stream, session, callback) {
    const chunks = [];
    stream.on('data', (c) => chunks.push(c));
    stream.on('error', callback);
    stream.on('end', () => {
      messages.push({
        envelopeTo: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
        ...parseMessage(Buffer.concat(chunks).toString('utf8')),
        receivedAt: new Date().toISOString(),
      });
      callback();
    });
  },
});
smtp.listen(smtpPort, '127.0.0.1');

createServer((req, res) => {
  const url = new URL(req.url ?? '/', `http://127.0.0.1:${httpPort}`);
  if (url.pathname === '/healthz') return void res.end('ok');
  if (url.pathname === '/messages' && req.method === 'GET') {
    const to = url.searchParams.get('to')?.toLowerCase();
    const found = to ? messages.filter((m) => m.envelopeTo.includes(to)) : messages;
    res.setHeader('Content-Type', 'application/json');
    return void res.end(JSON.stringify(found));
  }
  res.statusCode = 404;
  res.end();
}).listen(httpPort, '127.0.0.1');
