// The members feature's public entry: who belongs to an organisation.
export { useMembers } from './api/members-api';
