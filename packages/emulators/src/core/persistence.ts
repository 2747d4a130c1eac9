import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { deserialize, serialize } from 'node:v8';

/**
 * An emulator's state on disk, so a restarted emulator still knows the accounts, tokens, customers
 * and stock it handed out (docs/decisions/0033-sandbox-state-in-data-dir.md). The snapshot is V8's
 * structured-clone format: Maps, Sets and objects shared between indexes survive the round trip
 * without a hand-written codec per type.
 */
export interface StateCodec {
  /** Everything worth keeping, as one object graph (functions and class methods are not kept). */
  capture(): unknown;
  /** Puts a captured graph back into the live objects. */
  restore(data: unknown): void;
}

export interface PersistOptions {
  /** Time after a change before the snapshot is written (changes meanwhile share the write). */
  delayMs?: number;
  /** Also checks this often for changes made in-process (not through HTTP). */
  pollMs?: number;
  /**
   * At most this share of the time goes to taking snapshots: a state that takes long to encode
   * (a large demo store) is written less often, so the server sharing the process stays fast.
   */
  maxShare?: number;
  /** A write in the background failed (disk full, folder removed); default: one line on stderr. */
  onError?: (error: unknown) => void;
}

export interface PersistedState {
  /** True when the state was loaded from an existing snapshot. */
  readonly restored: boolean;
  /** Something changed: write after the delay (changes meanwhile share the write). */
  changed(): void;
  /** Writes now if the state differs from what is on disk. */
  flush(): void;
  /** Stops the timers and writes what is pending. */
  close(): void;
}

/** Bumped when a stored shape changes incompatibly; an older snapshot is then ignored. */
const FORMAT = 1;

interface Envelope {
  format: number;
  emulator: string;
  data: unknown;
}

/** Writes `bytes` to `file` so that a reader sees the old or the new file, never a partial one. */
function writeAtomically(file: string, bytes: Buffer): void {
  mkdirSync(path.dirname(file), { recursive: true });
  const temp = `${file}.${process.pid}.tmp`;
  try {
    writeFileSync(temp, bytes, { mode: 0o600 });
    renameSync(temp, file);
  } catch (error) {
    rmSync(temp, { force: true });
    throw error;
  }
}

/** Reads the snapshot if there is one for this emulator in this format. */
function readSnapshot(file: string, emulator: string): { found: boolean; data?: unknown } {
  if (!existsSync(file)) return { found: false };
  let envelope: Envelope;
  try {
    envelope = deserialize(readFileSync(file)) as Envelope;
  } catch (error) {
    throw new Error(
      `The ${emulator} emulator's saved state ${file} cannot be read (${String(error)}); delete it to start with fresh sandbox accounts.`,
      { cause: error },
    );
  }
  if (envelope?.format !== FORMAT || envelope.emulator !== emulator) return { found: false };
  return { found: true, data: envelope.data };
}

/**
 * Loads `file` into the emulator (when it exists), then keeps it current: written a moment after a
 * change (later changes share that write), on a slow poll for in-process changes, and on close.
 * Identical states are not rewritten.
 */
export function persistState(
  emulator: string,
  file: string,
  codec: StateCodec,
  options: PersistOptions = {},
): PersistedState {
  const { delayMs = 1000, pollMs = 5000, maxShare = 0.05 } = options;
  const onError =
    options.onError ??
    ((error: unknown) =>
      console.error(`${emulator} emulator: saving its state to ${file} failed: ${String(error)}`));
  const snapshot = readSnapshot(file, emulator);
  if (snapshot.found) codec.restore(snapshot.data);
  const encode = () =>
    serialize({ format: FORMAT, emulator, data: codec.capture() } satisfies Envelope);
  let encodeMs = 0;
  const spaced = (ms: number) => Math.max(ms, encodeMs / maxShare);
  let written = snapshot.found ? encode() : null;
  let timer: NodeJS.Timeout | null = null;
  let poll: NodeJS.Timeout | null = null;
  let closed = false;

  const flush = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    const started = performance.now();
    const bytes = encode();
    encodeMs = performance.now() - started;
    if (written && bytes.equals(written)) return;
    writeAtomically(file, bytes);
    written = bytes;
  };
  // In the background a failed write is reported, not thrown: it must not stop the server.
  const flushQuietly = () => {
    try {
      flush();
    } catch (error) {
      onError(error);
    }
  };
  const schedulePoll = () => {
    poll = setTimeout(() => {
      if (!timer) flushQuietly();
      schedulePoll();
    }, spaced(pollMs));
    poll.unref();
  };
  schedulePoll();

  return {
    restored: snapshot.found,
    changed() {
      if (closed || timer) return;
      timer = setTimeout(flushQuietly, spaced(delayMs));
      timer.unref();
    },
    flush,
    close() {
      if (closed) return;
      closed = true;
      if (poll) clearTimeout(poll);
      flush();
    },
  };
}

type Fields = Record<string, unknown>;

/** The named fields of a live object (private ones included), for a codec's capture. */
export function captureFields(target: object, keys: readonly string[]): Fields {
  const source = target as Fields;
  return Object.fromEntries(keys.map((key) => [key, source[key]]));
}

/**
 * Puts captured fields back. Maps, Sets and arrays are refilled in place (they are often readonly
 * and referenced elsewhere); anything else is assigned.
 */
export function restoreFields(target: object, data: unknown, keys: readonly string[]): void {
  const live = target as Fields;
  const saved = (data ?? {}) as Fields;
  for (const key of keys) {
    if (!(key in saved)) continue;
    const current = live[key];
    const value = saved[key];
    if (current instanceof Map && value instanceof Map) {
      current.clear();
      for (const [k, v] of value) current.set(k, v);
    } else if (current instanceof Set && value instanceof Set) {
      current.clear();
      for (const v of value) current.add(v);
    } else if (Array.isArray(current) && Array.isArray(value)) {
      current.length = 0;
      for (const v of value as unknown[]) current.push(v);
    } else {
      live[key] = value;
    }
  }
}

/** A codec over several live objects, each saved as the named fields listed for it. */
export function fieldsCodec<Name extends string>(
  parts: Record<Name, object>,
  fields: Record<Name, readonly string[]>,
): StateCodec {
  const names = Object.keys(fields) as Name[];
  return {
    capture: () =>
      Object.fromEntries(names.map((name) => [name, captureFields(parts[name], fields[name])])),
    restore(data) {
      const saved = (data ?? {}) as Record<string, unknown>;
      for (const name of names) restoreFields(parts[name], saved[name], fields[name]);
    },
  };
}
