// The panel redacts again whatever an event carries: a credential that reached an event (an
// older client, a middleware's own header, a module's event) is never shown or exported.
import { createClient, MemoryStorage, type RequestEvent } from '@bridgekit/core';
import { createRecorder, REDACTED, toCurl, toHar } from '@bridgekit/devtools';
import { describe, expect, it } from 'vitest';
import { createRedactor, isCredentialName } from '../src/record/redact';
import { reduce, EMPTY_STATE, type RecordedCall } from '../src/record/recorderState';
import { redactEvent } from '../src/record/recorder';

const SESSION = 'sess_7f3a9c2e41b8';
const TOKEN = 'rt_0b1c2d3e4f5a6b7c';
const PASSWORD = 'hunter2-correct-horse';

/** A call as a client that redacts nothing would report it: every credential in the clear. */
function leakyCall(): RecordedCall {
  const redactor = createRedactor(['X-Session-ID']);
  const events = [
    {
      type: 'request',
      callId: 1,
      time: 1000,
      method: 'POST',
      url: `https://api.example.com/api/auth/refresh?access_token=${TOKEN}`,
      headers: {
        'X-Session-ID': SESSION,
        Authorization: `Bearer ${TOKEN}`,
        Cookie: `sid=${SESSION}`,
        Accept: 'application/json',
      },
      body: {
        kind: 'json',
        bytes: 60,
        value: { email: 'a@b.c', password: PASSWORD, refreshToken: TOKEN },
      },
    },
    { type: 'attempt', callId: 1, time: 1040, attempt: 1, status: 200, durationMs: 40 },
    {
      type: 'response',
      callId: 1,
      time: 1041,
      durationMs: 41,
      response: {
        success: true,
        status: 200,
        data: {
          user: { id: '1', email: 'a@b.c' },
          sessionId: SESSION,
          note: `your token is ${TOKEN}`,
        },
        headers: new Headers({
          'content-type': 'application/json',
          'set-cookie': `sid=${SESSION}`,
        }),
      },
    },
  ] as const;
  let state = EMPTY_STATE;
  for (const event of events) {
    state = reduce(
      state,
      { type: 'event', instance: 'default', event: redactEvent(event as never, redactor) },
      10,
    );
  }
  return state.calls[0]!;
}

describe('redaction', () => {
  it('names of credentials: headers, fields and parameters', () => {
    for (const name of [
      'X-Session-ID',
      'Authorization',
      'refresh_token',
      'password',
      'clientSecret',
      'apiKey',
      'Cookie',
      'jwt',
      'recoveryCodes',
      'otp',
      'challengeId',
    ]) {
      expect(isCredentialName(name)).toBe(true);
    }
    for (const name of ['price', 'email', 'Accept', 'id', 'name']) {
      expect(isCredentialName(name)).toBe(false);
    }
  });

  it('a recorded call keeps no session id, token or password anywhere', () => {
    const call = leakyCall();
    const everything = JSON.stringify(call, (_, value) =>
      value instanceof Headers ? Object.fromEntries(value) : value,
    );
    for (const secret of [SESSION, TOKEN, PASSWORD]) expect(everything).not.toContain(secret);
    // Names stay, values go; the rest is untouched.
    expect(call.request?.headers).toMatchObject({
      'X-Session-ID': REDACTED,
      Authorization: REDACTED,
      Cookie: REDACTED,
      Accept: 'application/json',
    });
    expect(call.request?.url).toBe(
      `https://api.example.com/api/auth/refresh?access_token=${REDACTED}`,
    );
    expect(call.request?.body?.value).toEqual({
      email: 'a@b.c',
      password: REDACTED,
      refreshToken: REDACTED,
    });
    expect(call.response?.response.data).toMatchObject({
      sessionId: REDACTED,
      note: `your token is ${REDACTED}`,
    });
  });

  it('cURL and HAR of that call hold none of them either', () => {
    const call = leakyCall();
    const curl = toCurl(call)!;
    const har = JSON.stringify(toHar([call]));
    for (const secret of [SESSION, TOKEN, PASSWORD]) {
      expect(curl).not.toContain(secret);
      expect(har).not.toContain(secret);
    }
    expect(curl).toContain(`-H 'X-Session-ID: ${REDACTED}'`);
    expect(har).toContain('"set-cookie","value":"[redacted]"');
  });

  it("the client's own session header and default headers are credentials too", () => {
    const client = createClient('https://api.example.com', {
      sessionHeader: 'X-Tenant-Session',
      headers: { 'X-Api-Key-Id': 'k-123456789' },
      storage: new MemoryStorage(),
    });
    const redact = createRecorder().redactorOf(client);
    expect(
      redact.headers({
        'X-Tenant-Session': 'abcdefgh',
        'X-Api-Key-Id': 'k-123456789',
        Accept: '*/*',
      }),
    ).toEqual({ 'X-Tenant-Session': REDACTED, 'X-Api-Key-Id': REDACTED, Accept: '*/*' });
  });

  it('a secret body is never kept, whatever the event says', () => {
    const event = {
      type: 'request',
      callId: 2,
      time: 0,
      method: 'POST',
      url: 'https://api.example.com/api/auth/refresh',
      headers: {},
      body: { kind: 'json', secret: true, value: { anything: 'opaque-secret-value' } },
    } as RequestEvent;
    const redacted = redactEvent(event, createRedactor()) as RequestEvent;
    expect(redacted.body).toEqual({ kind: 'json', secret: true, value: undefined });
  });
});

describe('cURL', () => {
  it('quotes what the shell would split, and keeps the JSON body', () => {
    const call = leakyCall();
    const curl = toCurl({
      ...call,
      request: { ...call.request!, body: { kind: 'json', value: { name: "O'Brien" } } },
    })!;
    expect(curl).toContain(
      `-X POST 'https://api.example.com/api/auth/refresh?access_token=${REDACTED}'`,
    );
    expect(curl).toContain(`--data-raw '{"name":"O'\\''Brien"}'`);
  });
});
