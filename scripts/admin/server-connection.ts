/** Finds the running server from DATA_DIR/server.json and calls its admin API with the secret. */
import { readFile } from 'node:fs/promises';
import path from 'node:path';

export class AdminCallError extends Error {}

export interface ServerConnection {
  url: string;
  call<T = unknown>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T>;
}

interface ServerInfo {
  url: string;
  /** Plain HTTP on loopback for `/internal/*` (the same as `url` unless the server serves TLS). */
  internalUrl?: string;
}

async function runningServer(dataDir: string, otherwise: string): Promise<ServerInfo> {
  try {
    return JSON.parse(await readFile(path.join(dataDir, 'server.json'), 'utf8')) as ServerInfo;
  } catch {
    throw new AdminCallError(
      `No running portal found for DATA_DIR=${path.resolve(dataDir)}. Start it with "npm start" first (${otherwise}).`,
    );
  }
}

/** The URL of the server running on `dataDir` (it writes DATA_DIR/server.json while it runs). */
export async function runningServerUrl(dataDir: string, otherwise = 'or set DATA_DIR'): Promise<string> {
  return (await runningServer(dataDir, otherwise)).url;
}

export async function connectToServer(dataDir: string): Promise<ServerConnection> {
  const found = await runningServer(dataDir, 'or set DATA_DIR');
  const info = { url: found.url, admin: found.internalUrl ?? found.url };
  let secrets: { admin: string };
  try {
    secrets = JSON.parse(await readFile(path.join(dataDir, 'secrets.json'), 'utf8'));
  } catch {
    throw new AdminCallError(`The admin secret of DATA_DIR=${path.resolve(dataDir)} cannot be read.`);
  }
  return {
    url: info.url,
    async call<T>(method: 'GET' | 'POST', p: string, body?: unknown): Promise<T> {
      let response: Response;
      try {
        response = await fetch(`${info.admin}/internal/admin${p}`, {
          method,
          headers: {
            'X-Admin-Secret': secrets.admin,
            ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
          },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
      } catch {
        throw new AdminCallError(`The portal at ${info.url} does not answer. Is "npm start" still running?`);
      }
      const envelope = (await response.json()) as { code: string; message: string; data: T };
      if (envelope.code !== 'OK') throw new AdminCallError(`${envelope.code}: ${envelope.message}`);
      return envelope.data;
    },
  };
}
