/** An error whose status and message are safe to show to the client. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly field?: string,
    /** Seconds after which a 429 may be retried (sent as Retry-After). */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, field?: string) => new AppError(400, message, field);
export const unauthorized = () => new AppError(401, 'Unauthorized');
export const forbidden = (message: string) => new AppError(403, message);
export const notFound = () => new AppError(404, 'Not found');
/** 404 naming the field that held the unknown id. */
export const notFoundIn = (message: string, field: string) => new AppError(404, message, field);
export const conflict = (message: string, field?: string) => new AppError(409, message, field);
export const tooManyRequests = (message: string, field?: string, retryAfterSeconds?: number) =>
  new AppError(429, message, field, retryAfterSeconds);
