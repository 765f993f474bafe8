import net from 'node:net';

/**
 * A free port on 127.0.0.1 (any, or the one asked for), held until `release()`: nothing else can
 * take it in between (a connection's own port, another server). Refused when the port is taken.
 */
export function reservePort(wanted = 0): Promise<{ port: number; release: () => Promise<void> }> {
  return new Promise((resolve, reject) => {
    // A client that reaches the held port (a retry aimed at a stopped server that had it) is cut
    // off at once: `close()` waits for every open connection, and an idle one kept the holder's
    // `release()`, and so an app's start, waiting past a test's 90 s.
    const server = net.createServer((socket) => socket.destroy());
    server.unref();
    server.on('error', reject);
    server.listen(wanted, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      resolve({ port, release: () => new Promise((done) => server.close(() => done())) });
    });
  });
}

/** A free port for a server started at once; a server that starts seconds later reserves it instead. */
export async function freePort(): Promise<number> {
  const { port, release } = await reservePort();
  await release();
  return port;
}

/** Linux's default ephemeral range starts here: connections' own ports and servers on port 0 come from above it. */
const EPHEMERAL_START = 32_768;

/**
 * A free port below the ephemeral range, for a server that binds it after a delay: a process of
 * its own (an app loading its bundle, PostgreSQL after initdb) or a service that must be down
 * first. No connection and no server on port 0 elsewhere in the run can take it meanwhile. A port
 * from `freePort()` was taken in the 30 s before tests/reliability/mail-outage.test.ts started its
 * mail server (EADDRINUSE); an app process given one may find another test's server answering its
 * readiness probe there, and a test then talks to the wrong app.
 */
export async function portBelowEphemeralRange(): Promise<number> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const port = 20_000 + Math.floor(Math.random() * (EPHEMERAL_START - 20_000));
    const free = await reservePort(port).then(
      ({ release }) => release().then(() => true),
      () => false,
    );
    if (free) return port;
  }
  throw new Error('no free port found below the ephemeral range');
}
