import { useEffect, useSyncExternalStore } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { createLiveInvalidator } from './live-invalidation';
import { openLiveStream, type LiveStatus } from './live-stream';
import { followMembership } from './membership-refresh';

// The stream's state, for the notice wherever it is shown.
let status: LiveStatus = 'connecting';
const listeners = new Set<() => void>();

function setStatus(next: LiveStatus) {
  if (next === status) return;
  status = next;
  listeners.forEach((listener) => listener());
}

/**
 * Keeps the organisation's screens current from its live changes (GET /v1/events) while mounted.
 * The caches' own lifetimes (the product list's 5 minutes) stay as the fallback while the stream
 * is down. A change of the user's own role there, or their removal, is followed at once.
 */
export function useLiveUpdates(orgId: string) {
  const queryClient = useQueryClient();
  const router = useRouter();
  useEffect(() => {
    const invalidator = createLiveInvalidator(queryClient, orgId);
    // One reload at a time: a removed member's stream is also refused on reconnecting.
    let following = false;
    const onMembership = () => {
      if (following) return;
      following = true;
      void followMembership(queryClient, orgId, {
        refresh: () => router.invalidate(),
        leave: () => router.navigate({ to: '/', replace: true }),
      })
        // Unreadable now (offline): the next refusal or membership event asks again.
        .catch(() => undefined)
        .finally(() => {
          following = false;
        });
    };
    const stop = openLiveStream({
      orgId,
      onMessage: (message) => invalidator.add(message),
      onStatus: setStatus,
      onMembership,
    });
    return () => {
      stop();
      invalidator.stop();
      setStatus('connecting');
    };
  }, [queryClient, router, orgId]);
}

export function useLiveStatus(): LiveStatus {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => status,
  );
}
