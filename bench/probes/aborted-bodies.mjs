// Issue 30 probe: 30 requests whose client hangs up mid-body (JSON API, auth, a page form).
// node bench/probes/aborted-bodies.mjs PORT ; then count the error lines in the shop's log.
import net from 'node:net';
const port = Number(process.argv[2]);
const targets = [
  ['/api/cart/quote', 'application/json'],
  ['/api/auth/sign-in/email', 'application/json'],
  ['/auth', 'application/x-www-form-urlencoded'],
];
for (let index = 0; index < 30; index++) {
  const [target, type] = targets[index % targets.length];
  await new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.write(
        `POST ${target} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nOrigin: http://127.0.0.1:${port}\r\nContent-Type: ${type}\r\nContent-Length: 1000\r\n\r\n{"email":"a`,
      );
      setTimeout(() => socket.destroy(), 100);
    });
    socket.on('close', resolve);
    socket.on('error', () => undefined);
  });
}
console.log('30 aborted bodies sent');
