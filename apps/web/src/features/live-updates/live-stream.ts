import { EventSource } from 'eventsource';
import {
  ACCESS_TOKEN_HEADER,
  LAST_EVENT_ID_HEADER,
  LIVE_EVENT_KINDS,
  MEMBERSHIP_EVENT,
  ORGANIZATION_HEADER,
  type LiveEventKind,
} from '@stocksync/contract';
import { API_BASE } from '@/lib/api-client';
import { getSession, setAccessToken } from '@/lib/session';

export type LiveStatus = 'connecting' | 'live' | 'paused';

export type LiveMessage = { kind: LiveEventKind; data: unknown } | { kind: 'reset' };

export interface LiveStreamOptions {
  orgId: string;
  onMessage(message: LiveMessage): void;
  onStatus(status: LiveStatus): void;
  /**
   * The signed-in user's own membership changed: the server said so (`membership`, their role
   * changed or they were removed) or refused the stream as for a non-member (404).
   */
  onMembership?(): void;
  /** No event or heartbeat for this long: the connection counts as dead (server: every 15 s). */
  silenceMs?: number;
}

const RECENT_IDS = 500;
const MAX_BACKOFF_MS = 30_000;

/**
 * The organisation's live changes (GET /v1/events) through the `eventsource` package with our
 * headers: the current access token (renewed tokens are kept, as every API call does), the
 * organisation, and on a new connection the last event id, so nothing committed meanwhile is lost.
 * The library reconnects after a dropped stream; when it gives up (401, 429, a proxy error) or the
 * stream falls silent, a new one is opened with growing delays. Returns a function that stops it.
 */
export function openLiveStream(options: LiveStreamOptions): () => void {
  const { orgId, onMessage, onStatus, onMembership, silenceMs = 45_000 } = options;
  const recent = new Set<string>();
  let lastEventId: string | undefined;
  let source: EventSource | null = null;
  let stopped = false;
  let failures = 0;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let silenceTimer: ReturnType<typeof setTimeout> | undefined;

  const heard = () => {
    clearTimeout(silenceTimer);
    silenceTimer = setTimeout(() => restart(), silenceMs);
  };

  const streamFetch: typeof fetch = async (input, init) => {
    const headers = new Headers(init?.headers);
    const { accessToken } = getSession();
    if (accessToken) headers.set('Authorization', `Bearer ${accessToken}`);
    headers.set(ORGANIZATION_HEADER, orgId);
    // The library sends it on its own reconnects; a new EventSource starts without one.
    if (lastEventId && !headers.has(LAST_EVENT_ID_HEADER)) {
      headers.set(LAST_EVENT_ID_HEADER, lastEventId);
    }
    const response = await fetch(input, { ...init, headers, credentials: 'include' });
    const renewed = response.headers.get(ACCESS_TOKEN_HEADER);
    if (renewed) setAccessToken(renewed);
    return response;
  };

  const connect = () => {
    if (stopped) return;
    const current = new EventSource(`${API_BASE}/events`, { fetch: streamFetch });
    source = current;
    heard();
    for (const kind of LIVE_EVENT_KINDS) {
      current.addEventListener(kind, (event) => {
        heard();
        if (event.lastEventId) {
          lastEventId = event.lastEventId;
          if (recent.has(event.lastEventId)) return; // a resume may send some twice
          recent.add(event.lastEventId);
          if (recent.size > RECENT_IDS) recent.delete(recent.values().next().value!);
        }
        onMessage({ kind, data: JSON.parse(event.data) as unknown });
      });
    }
    current.addEventListener('heartbeat', heard);
    current.addEventListener('reset', () => onMessage({ kind: 'reset' }));
    current.addEventListener(MEMBERSHIP_EVENT, () => onMembership?.());
    current.addEventListener('ready', () => {
      heard();
      failures = 0;
      onStatus('live');
    });
    current.addEventListener('error', (error) => {
      onStatus('paused');
      // CLOSED: the library will not try again (an error answer); OPEN/CONNECTING: it does.
      if (current.readyState !== EventSource.CLOSED) return;
      // Not (or no longer) a member: whoever shows this organisation is told; until it is
      // closed, new attempts keep their growing delays.
      if (error.code === 404) onMembership?.();
      restart();
    });
  };

  const restart = () => {
    source?.close();
    source = null;
    clearTimeout(silenceTimer);
    if (stopped) return;
    onStatus('paused');
    failures += 1;
    clearTimeout(retryTimer);
    retryTimer = setTimeout(connect, Math.min(1000 * 2 ** (failures - 1), MAX_BACKOFF_MS));
  };

  onStatus('connecting');
  connect();
  return () => {
    stopped = true;
    clearTimeout(retryTimer);
    clearTimeout(silenceTimer);
    source?.close();
  };
}
