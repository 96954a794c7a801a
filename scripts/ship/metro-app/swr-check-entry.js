// An app starting in development, reduced to what the Hermes command line can run: it loads
// @bridgekit/react-native as an app imports it (swr-check-app.js; its native peers are stubs
// here, see nativeStub.js) and prints `CHECK start ok` when the package loaded, or
// `CHECK start threw <message>`; the last line is `DONE`.
/* global print */
const out = typeof print === 'function' ? print : (line) => console.log(line);
try {
  const { loaded } = require('./swr-check-app');
  out(`CHECK start ${loaded ? 'ok' : 'threw "an export of @bridgekit/react-native is missing"'}`);
} catch (error) {
  out(`CHECK start threw ${JSON.stringify(String(error?.message ?? error))}`);
}
out('DONE');
