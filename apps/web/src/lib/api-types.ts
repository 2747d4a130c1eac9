// API shapes come from the shared contract so web and server cannot drift apart.
export type {
  Currency,
  ErrorResponse as ApiErrorBody,
  Organization,
  User as Account,
} from '@stocksync/contract';
export { currencies as CURRENCIES } from '@stocksync/contract';
