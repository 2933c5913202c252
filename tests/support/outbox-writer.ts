/**
 * A child process for tests/integration/mail-outbox-kill.test.ts: writes large messages into
 * DATA_DIR/outbox (argv[2]) through the shop's mailer, one after another, until it is killed.
 * Each body ends with END-OF-MESSAGE, so a cut-off file is recognisable.
 */
import { createMailer } from '../../server/mail/create-mailer';

const dataDir = process.argv[2]!;
const mailer = createMailer({
  config: { dataDir, mail: { smtpUrl: undefined, from: 'Shop <orders@wearyourfaith.local>' } },
});
const line = 'Thank you for your order. '.repeat(3) + '\n';
const text = line.repeat(60_000) + 'END-OF-MESSAGE\n';
for (let index = 0; ; index++) {
  await mailer.send({ to: `kill${index}@example.com`, subject: `Message ${index}`, text });
}
