import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { resetNetwork, server, settleNetwork, startNetwork } from './network';

beforeAll(() => startNetwork());
afterAll(() => server.close());

afterEach(async () => {
  cleanup();
  await settleNetwork();
  localStorage.clear();
  // Expire every cookie the test wrote (the XSRF-TOKEN one above all).
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
  // Last: it fails the test when a request went unanswered.
  resetNetwork();
});
