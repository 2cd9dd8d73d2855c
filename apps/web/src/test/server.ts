import { setupServer } from 'msw/node';

/**
 * The network every web test runs against: Mock Service Worker answers the app's real fetch calls with the
 * handlers a test installs (mockRoutes in render.tsx). A request nobody handles fails the test loudly.
 */
export const server = setupServer();
