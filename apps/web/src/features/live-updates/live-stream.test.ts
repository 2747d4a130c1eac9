// @vitest-environment jsdom
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { setAccessToken } from '@/lib/session';
import { apiServer } from '@/testing/api-server';
import { openLiveStream, type LiveMessage, type LiveStatus } from './live-stream';

const ORG = '11111111-1111-4111-8111-111111111111';

/** An event stream answer that ends after `text` (the client then reconnects). */
function sse(text: string) {
  return new HttpResponse(text, { headers: { 'content-type': 'text/event-stream' } });
}

let stop: () => void = () => {};
afterEach(() => stop());

describe('the live event stream', () => {
  it('sends the token and organisation, resumes with Last-Event-ID and skips what it had', async () => {
    setAccessToken('token-1');
    const requests: Headers[] = [];
    apiServer.use(
      http.get('/v1/events', ({ request }) => {
        requests.push(request.headers);
        // The server replays from the client's last event: 7 again, then 8.
        return requests.length === 1
          ? sse('retry: 10\n\nid: 7\nevent: stock\ndata: {"count":1}\n\nevent: ready\ndata: {}\n\n')
          : sse(
              'id: 7\nevent: stock\ndata: {"count":1}\n\nid: 8\nevent: listing\ndata: {"count":2}\n\n' +
                'event: ready\ndata: {}\n\n',
            );
      }),
    );
    const messages: LiveMessage[] = [];
    const statuses: LiveStatus[] = [];
    stop = openLiveStream({
      orgId: ORG,
      onMessage: (message) => messages.push(message),
      onStatus: (status) => statuses.push(status),
    });
    await expect.poll(() => messages.length).toBe(2);
    expect(messages).toEqual([
      { kind: 'stock', data: { count: 1 } },
      { kind: 'listing', data: { count: 2 } },
    ]);
    expect(requests[0]!.get('authorization')).toBe('Bearer token-1');
    expect(requests[0]!.get('x-organization-id')).toBe(ORG);
    expect(requests[0]!.get('last-event-id')).toBeNull();
    expect(requests[1]!.get('last-event-id')).toBe('7');
    expect(statuses).toContain('live');
  });

  it('says the stream is paused when it is refused, and opens a new one later', async () => {
    setAccessToken('token-2');
    let calls = 0;
    apiServer.use(
      http.get('/v1/events', () => {
        calls += 1;
        return calls === 1
          ? HttpResponse.json({ error: 'Too many requests' }, { status: 429 })
          : sse('event: ready\ndata: {}\n\n');
      }),
    );
    const statuses: LiveStatus[] = [];
    stop = openLiveStream({ orgId: ORG, onMessage: () => {}, onStatus: (s) => statuses.push(s) });
    await expect.poll(() => statuses.includes('paused')).toBe(true);
    // Live again after the refusal (this answer then ends, so it pauses once more).
    await expect
      .poll(() => statuses.indexOf('live') > statuses.indexOf('paused'), { timeout: 5000 })
      .toBe(true);
    expect(calls).toBeGreaterThanOrEqual(2);
  }, 10_000);

  it("says when the user's own membership changed, and when a reconnection is refused as to a non-member", async () => {
    setAccessToken('token-3');
    let calls = 0;
    apiServer.use(
      http.get('/v1/events', () => {
        calls += 1;
        // The role changed (the server then ends the stream); reconnecting, no longer a member.
        return calls === 1
          ? sse('retry: 10\n\nevent: ready\ndata: {}\n\nevent: membership\ndata: {}\n\n')
          : HttpResponse.json({ error: 'Not found' }, { status: 404 });
      }),
    );
    // The request each notice came during: the first stream's event, then the refusal.
    const toldDuring: number[] = [];
    const messages: LiveMessage[] = [];
    stop = openLiveStream({
      orgId: ORG,
      onMessage: (message) => messages.push(message),
      onStatus: () => {},
      onMembership: () => toldDuring.push(calls),
    });
    await expect.poll(() => toldDuring.length).toBeGreaterThanOrEqual(2);
    expect(toldDuring.slice(0, 2)).toEqual([1, 2]);
    expect(messages).toEqual([]);
  });
});
