import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// Without vitest globals, Testing Library cannot register its own cleanup. jsdom's
// localStorage lives as long as the test file: clear it so no session or user leaks.
afterEach(() => {
  cleanup();
  localStorage.clear();
});
