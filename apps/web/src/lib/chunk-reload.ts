// A deploy replaces hashed chunks; a tab opened before it fails to load a lazy route. Reload the
// page once per distinct error message (remembered in sessionStorage) so a second failure shows
// the error view instead of looping.
const TRIED_KEY = 'stocksync-chunk-reload-tried';

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

/** Returns true when a reload was started for this error. */
export function reloadOnceForChunkError(error: unknown): boolean {
  if (!isChunkLoadError(error)) return false;
  const message = error instanceof Error ? error.message : String(error);
  const tried = readTried();
  if (tried.includes(message)) return false;
  try {
    sessionStorage.setItem(TRIED_KEY, JSON.stringify([...tried, message]));
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
