import pg from 'pg';

export type NotificationHandler = (payload: string) => void;

export interface PgListenerOptions {
  connectionString: string;
  /** Called when the connection is lost: notifications sent meanwhile are never delivered. */
  onLost?: (error: unknown) => void;
  /** Waits before reconnecting after a loss (default 1 s). */
  reconnectDelayMs?: number;
}

/**
 * The process's one LISTEN connection (docs/decisions/0048): every module that wants PostgreSQL
 * notifications subscribes to a channel here instead of holding a connection of its own. Connects
 * when the first channel is subscribed and reconnects after a loss; whoever subscribed is told of
 * the loss, since NOTIFY keeps nothing for a listener that was away.
 */
export class PgListener {
  private client: pg.Client | null = null;
  private connecting: Promise<pg.Client> | null = null;
  private readonly handlers = new Map<string, Set<NotificationHandler>>();
  private readonly lostHandlers = new Set<(error: unknown) => void>();
  private closed = false;

  constructor(private readonly options: PgListenerOptions) {
    if (options.onLost) this.lostHandlers.add(options.onLost);
  }

  /** Delivers the channel's notifications to `handler` once LISTEN is in place. */
  async subscribe(channel: string, handler: NotificationHandler): Promise<() => void> {
    let set = this.handlers.get(channel);
    const isNew = !set;
    if (!set) this.handlers.set(channel, (set = new Set()));
    set.add(handler);
    const client = await this.connect();
    if (isNew) await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    return () => set.delete(handler);
  }

  /** Tells `handler` of every lost connection. */
  onLost(handler: (error: unknown) => void): () => void {
    this.lostHandlers.add(handler);
    return () => this.lostHandlers.delete(handler);
  }

  async close(): Promise<void> {
    this.closed = true;
    const client = this.client ?? (await this.connecting?.catch(() => null));
    this.client = null;
    await client?.end().catch(() => undefined);
  }

  private connect(): Promise<pg.Client> {
    if (this.client) return Promise.resolve(this.client);
    this.connecting ??= this.open().finally(() => (this.connecting = null));
    return this.connecting;
  }

  private async open(): Promise<pg.Client> {
    if (this.closed) throw new Error('listener closed');
    const client = new pg.Client({ connectionString: this.options.connectionString });
    client.on('notification', (message) => {
      for (const handler of this.handlers.get(message.channel) ?? [])
        handler(message.payload ?? '');
    });
    client.on('error', (error) => this.lost(client, error));
    client.on('end', () => this.lost(client, new Error('LISTEN connection ended')));
    try {
      await client.connect();
      for (const channel of this.handlers.keys()) {
        await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      }
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
    this.client = client;
    return client;
  }

  private lost(client: pg.Client, error: unknown): void {
    if (this.client !== client) return;
    this.client = null;
    void client.end().catch(() => undefined);
    if (this.closed) return;
    for (const handler of this.lostHandlers) handler(error);
    this.reconnectLater();
  }

  /** Listens again for the channels that have subscribers, until it works or the process stops. */
  private reconnectLater(): void {
    setTimeout(() => {
      if (this.closed || this.handlers.size === 0) return;
      this.connect().catch(() => this.reconnectLater());
    }, this.options.reconnectDelayMs ?? 1000).unref();
  }
}
