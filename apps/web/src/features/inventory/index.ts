// The inventory feature's public entry, for other features: asking how to change products' sync.
export { SyncDialog, type SyncSelection } from './components/sync-dialog';
