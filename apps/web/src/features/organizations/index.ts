// The organisations feature's public entry, for other features: the organisation list's keys.
export { organizationKeys } from './api/organization-keys';
