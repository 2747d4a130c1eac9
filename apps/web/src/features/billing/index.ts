// The billing feature's public entry: what other features may use of it (the gate's notices).
export { GateNotice } from './components/gate-notice';
export { BillingLink, GatedNotice, isGatedError, useGatedToastAction } from './gating';
