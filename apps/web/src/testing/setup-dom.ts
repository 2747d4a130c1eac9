import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { apiServer } from './api-server';

// jsdom has no matchMedia; the theme and the toaster ask it for the colour scheme.
if (typeof window !== 'undefined' && !window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

// jsdom does not scroll; the router restores the scroll position after each navigation.
if (typeof window !== 'undefined') window.scrollTo = () => {};

// jsdom lays nothing out, so there are no sizes to observe; Radix controls (Switch) ask anyway.
if (typeof window !== 'undefined' && !window.ResizeObserver) {
  window.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}

// The screens debounce (SKU preview) and poll (import progress) for about a second; on a busy
// machine findBy/waitFor get more than the default second to see the outcome.
configure({ asyncUtilTimeout: 5000 });

beforeAll(() => apiServer.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  cleanup();
  apiServer.resetHandlers();
});
afterAll(() => apiServer.close());
