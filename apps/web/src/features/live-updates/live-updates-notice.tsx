import { useEffect, useState } from 'react';
import { RefreshCwOff } from 'lucide-react';
import { useLiveStatus } from './use-live-updates';

/** A routine reconnect (the server ends streams every 15 minutes) takes about 2 s: no notice. */
const NOTICE_AFTER_MS = 4_000;

/** Says when screens are not following changes as they happen (the stream is down). */
export function LiveUpdatesNotice() {
  const paused = useLiveStatus() === 'paused';
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!paused) return;
    const timer = setTimeout(() => setShown(true), NOTICE_AFTER_MS);
    return () => {
      clearTimeout(timer);
      setShown(false);
    };
  }, [paused]);
  if (!shown) return null;
  return (
    <div
      role="status"
      className="mb-4 flex items-center gap-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
    >
      <RefreshCwOff className="size-4 shrink-0" aria-hidden />
      Live updates paused: reconnecting. Until then, lists may be up to 5 minutes old.
    </div>
  );
}
