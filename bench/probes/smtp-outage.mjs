// Issue 30 probe: e-mails queued while the SMTP server is down for 2 minutes, then counted as
// they arrive once it is back. Start the shop with SMTP_URL=smtp://127.0.0.1:SMTP_PORT first.
// node bench/probes/smtp-outage.mjs SHOP_PORT SMTP_PORT [MESSAGES=8] [OUTAGE_SECONDS=120] [WAIT_SECONDS=300]
import { SMTPServer } from 'smtp-server';
const [shopPort, smtpPort, count = '8', outage = '120', waitFor = '300'] = process.argv.slice(2).map(Number);
const origin = `http://127.0.0.1:${shopPort}`;
const started = Date.now();
const elapsed = () => Math.round((Date.now() - started) / 1000);
let queued = 0;
for (let index = 0; index < count; index++) {
  const response = await fetch(`${origin}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: origin },
    body: JSON.stringify({
      email: `outage-${started}-${index}@example.com`,
      password: 'outage-password-1',
      name: 'Outage',
    }),
  });
  if (response.ok) queued += 1;
}
console.log(JSON.stringify({ at: elapsed(), queued, smtp: 'down' }));
await new Promise((resolve) => setTimeout(resolve, outage * 1000));
const arrived = new Map();
const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  onData(stream, session, callback) {
    const chunks = [];
    stream.on('data', (chunk) => chunks.push(chunk));
    stream.on('end', () => {
      // One message per recipient: each sign-up's address is its own.
      const id = session.envelope.rcptTo.map((r) => r.address).join(',');
      if (id.startsWith(`outage-${started}-`)) arrived.set(id, (arrived.get(id) ?? 0) + 1);
      callback();
    });
  },
});
await new Promise((resolve) => server.listen(smtpPort, '127.0.0.1', resolve));
console.log(JSON.stringify({ at: elapsed(), smtp: 'up' }));
const deadline = Date.now() + waitFor * 1000;
while (Date.now() < deadline && arrived.size < queued) await new Promise((resolve) => setTimeout(resolve, 1000));
const duplicates = [...arrived.values()].filter((n) => n > 1).length;
console.log(JSON.stringify({ at: elapsed(), queued, arrived: arrived.size, lost: queued - arrived.size, duplicates }));
server.close();
