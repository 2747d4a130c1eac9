// The auth feature's public entry: the signed-in user.
export { meQueryOptions } from './api/get-me';
