import { ValidationError } from './errors';
import type { CallbackParams } from './types';
import { timingSafeEqualText } from './util';

/** Common checks of an OAuth redirect back to us: the seller did not decline, and state matches. */
export function checkCallback(params: CallbackParams): void {
  const { query } = params;
  if (query.error)
    throw new ValidationError(`authorisation was not granted: ${query.error}`, {
      code: query.error,
    });
  if (!query.state || !timingSafeEqualText(query.state, params.expectedState))
    throw new ValidationError('OAuth state does not match');
}
