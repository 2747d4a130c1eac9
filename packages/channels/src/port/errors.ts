/** Base of every error an adapter raises; `retryable` tells a job queue whether to try again. */
export class ChannelError extends Error {
  readonly retryable: boolean;
  /** HTTP status of the answer that caused it, when there was one. */
  readonly status?: number;
  /** The channel's own error code, when it sent one. */
  readonly code?: string;

  constructor(
    message: string,
    options: { retryable: boolean; status?: number; code?: string; cause?: unknown },
  ) {
    super(message, { cause: options.cause });
    this.name = new.target.name;
    this.retryable = options.retryable;
    this.status = options.status;
    this.code = options.code;
  }
}

/** The channel asked us to slow down; wait `retryAfterMs` before the next call. */
export class RateLimitedError extends ChannelError {
  readonly retryAfterMs: number;
  constructor(
    message: string,
    options: { retryAfterMs: number; status?: number; code?: string; cause?: unknown },
  ) {
    super(message, { ...options, retryable: true });
    this.retryAfterMs = options.retryAfterMs;
  }
}

/** The token is expired, revoked or invalid (or lacks a scope): the connection needs re-authorisation. */
export class AuthError extends ChannelError {
  constructor(message: string, options: { status?: number; code?: string; cause?: unknown } = {}) {
    super(message, { ...options, retryable: false });
  }
}

/** 5xx, timeouts, network failures: safe to retry later. */
export class TransientError extends ChannelError {
  constructor(message: string, options: { status?: number; code?: string; cause?: unknown } = {}) {
    super(message, { ...options, retryable: true });
  }
}

/** The channel rejected the request itself (bad input, unknown item, bad signature): do not retry. */
export class ValidationError extends ChannelError {
  constructor(message: string, options: { status?: number; code?: string; cause?: unknown } = {}) {
    super(message, { ...options, retryable: false });
  }
}
