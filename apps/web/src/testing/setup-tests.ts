import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { forgetRegisteredRoutes } from '../lib/route-registry';
import { apiServer, forgetSentRequests } from './api-server';
import { FakeSocket } from './fake-socket';

// Screens render MUI and charts in jsdom, which can take more than Testing Library's default second to
// settle on a loaded 2-core machine; a find still fails when what it looks for never appears.
configure({ asyncUtilTimeout: 5000 });

// Files share loaded modules (vitest.config.ts): each starts with no route registered, as a fresh page would
// before its router, and registers what it shows (the app's router registers every screen).
forgetRegisteredRoutes();

// What a test rendered is unmounted after it, so the next test (in any order) queries only its own screen.
afterEach(() => cleanup());

// A request no test answered is a bug: MSW reports it with console.error, which fails the test.
beforeAll(() => apiServer.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => forgetSentRequests());
afterEach(() => apiServer.resetHandlers());
afterAll(() => apiServer.close());

// No socket reaches a network either: the page's sockets (the live games') are fakes a test drives. Set once MSW
// listens, which puts its own in place of the browser's.
beforeAll(() => {
  Object.defineProperty(globalThis, 'WebSocket', { value: FakeSocket, writable: true, configurable: true });
});
beforeEach(() => {
  FakeSocket.made = [];
});
