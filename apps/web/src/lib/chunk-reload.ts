// A deploy replaces hashed chunks; a tab opened before it fails to load a lazy route. Reload the
// page once per distinct error message (remembered in sessionStorage) so a second failure shows
// the error view instead of looping. TanStack Router's lazy route components do the same with
// their own key, so both keys count as "tried" and both are set: one reload per message in all.
const TRIED_KEY = 'stocksync-chunk-reload-tried';
const routerKey = (message: string) => `tanstack_router_reload:${message}`;

const CHUNK_ERROR_PATTERNS = [
  /Failed to fetch dynamically imported module/i,
  /error loading dynamically imported module/i,
  /Importing a module script failed/i,
  /Unable to preload CSS/i,
  /Loading chunk [\w-]+ failed/i,
];

export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return CHUNK_ERROR_PATTERNS.some((pattern) => pattern.test(message));
}

function readTried(): string[] {
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(TRIED_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((item) => typeof item === 'string') : [];
  } catch {
    return [];
  }
}

function alreadyTried(message: string): boolean {
  try {
    return readTried().includes(message) || sessionStorage.getItem(routerKey(message)) !== null;
  } catch {
    return true; // without storage we cannot guarantee a single reload, so make none
  }
}

/** Returns true when a reload was started for this error. */
export function reloadOnceForChunkError(error: unknown): boolean {
  if (!isChunkLoadError(error)) return false;
  const message = error instanceof Error ? error.message : String(error);
  if (alreadyTried(message)) return false;
  try {
    sessionStorage.setItem(TRIED_KEY, JSON.stringify([...readTried(), message]));
    sessionStorage.setItem(routerKey(message), '1');
  } catch {
    return false; // without storage we cannot guarantee a single reload
  }
  window.location.reload();
  return true;
}

export function installChunkReloadHandler() {
  window.addEventListener('vite:preloadError', (event) => {
    if (reloadOnceForChunkError(event.payload)) event.preventDefault();
  });
}
