// Jest + jsdom + Testing Library in a scratch web project that installed the tarballs: the
// CommonJS builds (under jsdom's `browser` condition for @bridgekit/core) render the hooks
// against the reference server. The project's files are in jest/ and jest/web/.
import { lockedVersion } from './pack.mjs';
import { fixtureFiles, runJest } from './runJest.mjs';

export function webProject(tarballs) {
  return {
    label: 'web',
    dependencies: {
      '@bridgekit/core': tarballs['@bridgekit/core'],
      '@bridgekit/react': tarballs['@bridgekit/react'],
      '@bridgekit/server': tarballs['@bridgekit/server'],
      react: lockedVersion('react'),
      'react-dom': lockedVersion('react-dom'),
      swr: lockedVersion('swr'),
      jest: lockedVersion('jest'),
      // Released with jest, in step with it; not in the root lock (the workspace tests run on
      // Vitest's jsdom).
      'jest-environment-jsdom': lockedVersion('jest'),
      '@testing-library/react': lockedVersion('@testing-library/react'),
      '@testing-library/dom': lockedVersion('@testing-library/dom'),
    },
    files: fixtureFiles('web'),
  };
}

export function checkJestWeb(dir, report) {
  return runJest(dir, 'Jest + jsdom', report);
}
