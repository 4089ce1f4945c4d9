/** Port helpers: free-port lookup and a clear error when a port is taken. */
import net from 'node:net';

export class PortInUseError extends Error {
  constructor(
    readonly port: number,
    readonly variable: string,
  ) {
    super(`Port ${port} is already in use; stop what is using it or set ${variable} to a free port.`);
  }
}

export function freePort(host = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, host, () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export function assertPortFree(port: number, variable: string, host = '127.0.0.1'): Promise<void> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'EADDRINUSE' || error.code === 'EACCES' ? new PortInUseError(port, variable) : error,
      ),
    );
    server.listen(port, host, () => server.close(() => resolve()));
  });
}

function waitForListener(target: net.NetConnectOpts, what: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  return new Promise((resolve, reject) => {
    const attempt = () => {
      const socket = net.createConnection(target);
      socket.once('connect', () => {
        socket.destroy();
        resolve();
      });
      socket.once('error', () => {
        socket.destroy();
        if (Date.now() > deadline) reject(new Error(`Nothing listens on ${what} after ${timeoutMs} ms`));
        else setTimeout(attempt, 50);
      });
    };
    attempt();
  });
}

export function waitForPort(port: number, timeoutMs: number, host = '127.0.0.1'): Promise<void> {
  return waitForListener({ port, host }, `${host}:${port}`, timeoutMs);
}

/** Resolves once a Unix socket at `path` accepts connections (Prosody's admin socket). */
export function waitForUnixSocket(path: string, timeoutMs: number): Promise<void> {
  return waitForListener({ path }, path, timeoutMs);
}
