// The Bridgekit request path on Hermes, bundled by Metro the way an app is (the
// `react-native` condition of @bridgekit/core), with React Native's own polyfills for
// AbortController, URL, Headers (Libraries/Core/setUpXHR) and no DOMException. Each check
// prints `CHECK <name> ok|fail <detail>`; the last line is `DONE`. The harness fetches never
// touch the network.
/* global print */
import './hermesHost';
// React Native's own fetch-side polyfills, as InitializeCore installs them (deep on purpose:
// the rest of InitializeCore needs a native host).
// biome-ignore lint/suspicious/noReactNativeDeepImports: the polyfills alone, without a native host.
import 'react-native/Libraries/Core/setUpXHR';
import { createClient } from '@bridgekit/core';

const out = typeof print === 'function' ? print : (line) => console.log(line);

function report(name, ok, detail) {
  out(`CHECK ${name} ${ok ? 'ok' : 'fail'} ${detail === undefined ? '' : JSON.stringify(detail)}`);
}

/** A fetch that never answers; like React Native's, it rejects when its signal aborts. */
function neverAnswers(_url, init) {
  return new Promise((_resolve, reject) => {
    init?.signal?.addEventListener('abort', () => {
      const error = new Error('Aborted');
      error.name = 'AbortError';
      reject(error);
    });
  });
}

/** A fetch that answers JSON (Hermes has no Response: a Response-like object). */
function answersJson(body) {
  const calls = [];
  const fetch = (url, init) => {
    calls.push({ url, method: init?.method ?? 'GET' });
    const text = JSON.stringify(body);
    return Promise.resolve({
      status: 200,
      statusText: 'OK',
      ok: true,
      url,
      redirected: false,
      headers: {
        get: (name) => (name.toLowerCase() === 'content-type' ? 'application/json' : null),
        has: (name) => name.toLowerCase() === 'content-type',
      },
      text: () => Promise.resolve(text),
      json: () => Promise.resolve(JSON.parse(text)),
    });
  };
  return { fetch, calls };
}

async function main() {
  report('no-DOMException', typeof DOMException === 'undefined', typeof DOMException);
  report('rn-polyfills', typeof AbortController === 'function' && typeof URL === 'function', {
    AbortController: typeof AbortController,
    URL: typeof URL,
  });

  const timedOut = await createClient('https://api.example.com/api', {
    timeout: 50,
    fetch: neverAnswers,
  }).get('/products');
  report('timeout', timedOut.success === false && timedOut.code === 'TIMEOUT', timedOut);

  const json = answersJson({ success: true, data: [{ id: 1, name: 'Mug' }], meta: { total: 1 } });
  const listed = await createClient('https://api.example.com/api/', { fetch: json.fetch }).get(
    '/products',
    { params: { page: 2, limit: 10 } },
  );
  report(
    'success',
    listed.success === true &&
      listed.data?.[0]?.name === 'Mug' &&
      json.calls[0]?.url === 'https://api.example.com/api/products?page=2&limit=10',
    {
      response: { success: listed.success, data: listed.data, error: listed.error },
      calls: json.calls,
    },
  );

  const controller = new AbortController();
  const pending = createClient('https://api.example.com/api', { fetch: neverAnswers }).get(
    '/products',
    { signal: controller.signal },
  );
  controller.abort();
  const aborted = await pending;
  report('abort', aborted.success === false && aborted.code === 'ABORTED', aborted);

  let refused = '';
  try {
    createClient('https://user:secret@api.example.com/api');
  } catch (error) {
    refused = String(error?.message);
  }
  report('credentials-refused', /credentials/.test(refused), refused);
}

main().then(
  () => out('DONE'),
  (error) => out(`CHECK main fail ${JSON.stringify(String(error?.stack ?? error))}\nDONE`),
);
