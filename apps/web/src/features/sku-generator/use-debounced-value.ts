import { useEffect, useState } from 'react';

/** `value` once it has stopped changing for `delayMs`; compared by its JSON text. */
export function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [debounced, setDebounced] = useState(value);
  const text = JSON.stringify(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(JSON.parse(text) as T), delayMs);
    return () => clearTimeout(timer);
  }, [text, delayMs]);
  return debounced;
}
