import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// The machine is shared with other test runs: give findBy*/waitFor room before failing.
configure({ asyncUtilTimeout: 5000 });

// Without vitest globals, Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
  localStorage.clear();
});
