// The members feature's public entry: who belongs to an organisation.
export { memberKeys, useMembers } from './api/members-api';
