import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { browserQueryClient } from '../lib/query-client';
import { server } from './server';

// A findBy… waits for what a person would see; it returns as soon as that appears. Testing Library's
// 1 s bound is shorter than a route's loader and render take while CI runs every project at once on two
// cores (a catalogue filter and a Manage All Orders page were each seen to miss it there).
configure({ asyncUtilTimeout: 5000 });

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  cleanup();
  server.resetHandlers();
  // One cache for the whole visit in the app: emptied between tests.
  browserQueryClient().clear();
});
afterAll(() => server.close());

// jsdom has <dialog> but not its methods: model the open attribute and the close event browsers give.
HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
  this.setAttribute('open', '');
};
HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
  this.removeAttribute('open');
  this.dispatchEvent(new Event('close'));
};
