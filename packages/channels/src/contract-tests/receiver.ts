import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { WebhookRequest } from '../port/types';

export interface ReceivedWebhook extends WebhookRequest {
  rawBody: Buffer;
  headers: Record<string, string | string[] | undefined>;
  url: string;
}

/** A local HTTP endpoint that records webhook deliveries byte for byte and answers 200. */
export class WebhookReceiver {
  readonly received: ReceivedWebhook[] = [];
  private server: Server | undefined;
  url = '';

  async start(): Promise<string> {
    this.server = createServer((request, response) => {
      void readBody(request).then((rawBody) => {
        this.received.push({ headers: request.headers, rawBody, url: request.url ?? '/' });
        response.writeHead(200).end();
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    const { port } = this.server.address() as AddressInfo;
    this.url = `http://127.0.0.1:${port}/webhooks`;
    return this.url;
  }

  /** Deliveries matching `predicate`, newest last. */
  matching(predicate: (webhook: ReceivedWebhook) => boolean): ReceivedWebhook[] {
    return this.received.filter(predicate);
  }

  async close(): Promise<void> {
    await new Promise<void>((resolve) =>
      this.server ? this.server.close(() => resolve()) : resolve(),
    );
  }
}

function readBody(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}
