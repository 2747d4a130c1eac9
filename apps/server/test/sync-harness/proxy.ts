import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A tiny round-robin HTTP proxy in front of several server processes, used as their APP_URL so
 * API calls and channel webhooks reach all of them. A backend that refuses the connection or drops
 * it before answering (a killed process) is skipped and the request goes to the next one; only when
 * every backend fails does the caller get a 502 (channels then retry their webhook).
 */
export interface RoundRobinProxy {
  url: string;
  /** Backend base URLs (http://127.0.0.1:port); edit in place to add or remove one. */
  backends: string[];
  /** Requests answered by each backend, by its URL. */
  served: Map<string, number>;
  close(): Promise<void>;
}

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'host']);

function forward(
  backend: string,
  req: http.IncomingMessage,
  body: Buffer,
  res: http.ServerResponse,
): Promise<boolean> {
  return new Promise((resolve) => {
    const target = new URL(req.url ?? '/', backend);
    const headers: http.OutgoingHttpHeaders = {};
    for (const [key, value] of Object.entries(req.headers)) {
      if (!HOP_BY_HOP.has(key) && value !== undefined) headers[key] = value;
    }
    headers['content-length'] = String(body.length);
    const upstream = http.request(
      target,
      { method: req.method, headers, agent: false },
      (answer) => {
        const out: http.OutgoingHttpHeaders = {};
        for (const [key, value] of Object.entries(answer.headers)) {
          if (!HOP_BY_HOP.has(key) && value !== undefined) out[key] = value;
        }
        res.writeHead(answer.statusCode ?? 502, out);
        answer.pipe(res);
        answer.on('error', () => res.destroy());
        resolve(true);
      },
    );
    // No answer started: the backend is down or died with the request; try the next one.
    upstream.on('error', () => resolve(false));
    upstream.end(body);
  });
}

export async function startRoundRobinProxy(backends: string[] = []): Promise<RoundRobinProxy> {
  let next = 0;
  const served = new Map<string, number>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      void (async () => {
        const body = Buffer.concat(chunks);
        const order = backends.length;
        const start = next++;
        for (let i = 0; i < order; i++) {
          const backend = backends[(start + i) % order]!;
          if (await forward(backend, req, body, res)) {
            served.set(backend, (served.get(backend) ?? 0) + 1);
            return;
          }
        }
        res.writeHead(502, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: 'no backend answered' }));
      })();
    });
  });
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    backends,
    served,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
