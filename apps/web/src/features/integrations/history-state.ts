// Router history state this feature passes between screens.
declare module '@tanstack/react-router' {
  interface HistoryState {
    /** Why a channel connection failed, shown by the dashboard the callback screen returns to. */
    connectError?: string;
  }
}

export {};
