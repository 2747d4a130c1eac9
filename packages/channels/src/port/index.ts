export * from './adapter';
export * from './errors';
export * from './retry';
export * from './search';
export type * from './types';
export { timingSafeEqualText, headerOf, rawBodyText } from './util';
