import { useEffect, useSyncExternalStore } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { createLiveInvalidator } from './live-invalidation';
import { openLiveStream, type LiveStatus } from './live-stream';

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
 * is down.
 */
export function useLiveUpdates(orgId: string) {
  const queryClient = useQueryClient();
  useEffect(() => {
    const invalidator = createLiveInvalidator(queryClient, orgId);
    const stop = openLiveStream({
      orgId,
      onMessage: (message) => invalidator.add(message),
      onStatus: setStatus,
    });
    return () => {
      stop();
      invalidator.stop();
      setStatus('connecting');
    };
  }, [queryClient, orgId]);
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
