// A browser page for the README's React examples (copied into the scratch project, so `jsdom`
// resolves there): a jsdom window at the reference server's origin (`BK_README_ORIGIN`), so a
// relative `baseUrl: '/api'` and `localStorage` work as in the browser. Its globals are
// installed before React or Bridgekit load; Node keeps its own `fetch`, which the harness watches.
import { JSDOM } from 'jsdom';

const origin = process.env.BK_README_ORIGIN;
if (!origin) throw new Error('dom.mjs: BK_README_ORIGIN is not set');
const { window } = new JSDOM('<!doctype html><html><body></body></html>', {
  url: `${origin}/`,
  pretendToBeVisual: true,
});
// What a page has and Node has differently (or not at all): the window's own wins.
const page = [
  'window',
  'self',
  'document',
  'navigator',
  'location',
  'localStorage',
  'sessionStorage',
];
for (const key of Object.getOwnPropertyNames(window)) {
  if (!page.includes(key) && key in globalThis) continue;
  if (key.startsWith('_') || key === 'undefined') continue;
  try {
    Object.defineProperty(globalThis, key, {
      configurable: true,
      get: () => window[key],
      set: (value) => {
        window[key] = value;
      },
    });
  } catch {
    // A non-configurable Node global (e.g. `globalThis` itself) stays Node's.
  }
}
