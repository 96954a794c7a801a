// The loopback server of the overhead and memory benchmarks, run in its own process (forked
// by startJsonServer.ts) so its CPU time is not spent on the event loop being measured.
// Every path answers 200 with the same small JSON list; connections are kept alive.
import { createServer } from 'node:http';

const items = Array.from({ length: 10 }, (_, i) => ({
  id: String(i + 1),
  name: `Product ${i + 1}`,
  price: 10 + i,
  active: i % 2 === 0,
}));
const body = Buffer.from(JSON.stringify(items));
const headers = {
  'Content-Type': 'application/json; charset=utf-8',
  'Content-Length': String(body.length),
};

const server = createServer((req, res) => {
  // Drain any request body before answering so the connection stays reusable.
  req.resume();
  req.on('end', () => {
    res.writeHead(200, headers);
    res.end(body);
  });
});
server.keepAliveTimeout = 60_000;
server.headersTimeout = 61_000;
server.listen(0, '127.0.0.1', () => {
  process.send?.({ port: server.address().port, bytes: body.length });
});
process.on('disconnect', () => server.close(() => process.exit(0)));
process.on('SIGTERM', () => process.exit(0));
