// Router history state the sign-in screens pass on.
declare module '@tanstack/react-router' {
  interface HistoryState {
    /** The page a signed-out visitor asked for, opened once the code is verified. */
    returnTo?: string;
  }
}

export {};
