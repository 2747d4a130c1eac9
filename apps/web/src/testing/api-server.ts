import { setupServer } from 'msw/node';

/**
 * The API as the component tests see it: each test answers the calls its screen makes with the
 * contract's shapes (server.use(http.get('/v1/...', ...))); any call left unanswered fails the test.
 */
export const apiServer = setupServer();
