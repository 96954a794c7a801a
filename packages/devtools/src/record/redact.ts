/**
 * The panel's own redaction. The client's events already carry no credential; the panel
 * redacts again, so that nothing it shows or exports ever holds one, whatever a middleware, a
 * module or an older client put in an event: a header, a field or a query parameter whose name
 * names a credential loses its value (the name stays), and a value once seen under such a name
 * is replaced wherever else it appears (in a URL, in a text body).
 */

/**
 * What replaces a credential, in the panel and in what it exports.
 *
 * @example
 * const hidden = (value: string) => value === REDACTED;
 */
export const REDACTED = '[redacted]';

// Parts of names (lower case, letters and digits only) that name a credential: `password`,
// `refreshToken`, `access_token`, `X-Session-ID`, `Authorization`, `clientSecret`, `apiKey`,
// `jwt`, `recoveryCodes`… Every word the client's own events redact a JSON field for, and the
// headers that carry credentials.
const CREDENTIAL_WORDS = [
  'password',
  'passwd',
  'token',
  'secret',
  'session',
  'apikey',
  'authorization',
  'cookie',
  'credential',
  'otp',
  'challenge',
  'jwt',
  'recovery',
];

// A value shorter than this is not looked for elsewhere: it would match ordinary text.
const MIN_SECRET_LENGTH = 6;

/**
 * Whether a header, field or query parameter name names a credential.
 *
 * @example
 * isCredentialName('X-Session-ID'); // true
 * isCredentialName('price'); // false
 */
export function isCredentialName(name: string): boolean {
  const plain = name.toLowerCase().replace(/[^a-z0-9]/g, '');
  return CREDENTIAL_WORDS.some((word) => plain.includes(word));
}

/**
 * Redacts for one client: `headerNames` are more header names that carry a credential (the
 * client's session header), and every value redacted by name is remembered and replaced where
 * it appears again.
 *
 * @example
 * const redact: Redactor = createRedactor(['X-Tenant-Key']);
 * redact.value({ email: 'a@b.c', password: 'hunter2' }); // { email: 'a@b.c', password: '[redacted]' }
 */
export interface Redactor {
  /** A deep copy of `value` with every credential field redacted and known values replaced. */
  value<T>(value: T): T;
  /** Headers with credential values redacted (names kept). */
  headers(headers: Readonly<Record<string, string>>): Record<string, string>;
  /** A URL with credential query parameters and a password in it redacted. */
  url(url: string): string;
  /** A text with every known credential value replaced. */
  text(text: string): string;
  /** Remembers `secret` (a session id the client holds) as a value to replace. */
  remember(secret: string | null | undefined): void;
}

/**
 * A redactor; `headerNames` adds header names that carry a credential (case-insensitive).
 *
 * @example
 * const redact = createRedactor(['X-Tenant-Key']);
 * redact.headers({ 'X-Tenant-Key': 'k1', Accept: 'application/json' });
 * // { 'X-Tenant-Key': '[redacted]', Accept: 'application/json' }
 */
export function createRedactor(headerNames: readonly string[] = []): Redactor {
  const extra = new Set(headerNames.map((name) => name.toLowerCase()));
  const secrets = new Set<string>();

  const remember = (secret: unknown) => {
    if (typeof secret !== 'string' || secret === REDACTED) return;
    if (secret.length >= MIN_SECRET_LENGTH) secrets.add(secret);
  };
  const text = (input: string) => {
    let out = input;
    for (const secret of secrets) {
      if (out.includes(secret)) out = out.split(secret).join(REDACTED);
    }
    return out;
  };
  const isCredentialHeader = (name: string) =>
    extra.has(name.toLowerCase()) || isCredentialName(name);

  const copy = (value: unknown, depth: number): unknown => {
    if (typeof value === 'string') return text(value);
    if (typeof value !== 'object' || value === null) return value;
    // Deeper than any API answer a person reads: cut rather than walk a cycle.
    if (depth > 20) return '[…]';
    if (Array.isArray(value)) return value.map((item) => copy(item, depth + 1));
    if (typeof (value as { toJSON?: unknown }).toJSON === 'function') {
      return copy((value as { toJSON(): unknown }).toJSON(), depth + 1);
    }
    const out: Record<string, unknown> = {};
    for (const [key, field] of Object.entries(value)) {
      if (isCredentialName(key) && field !== null && field !== undefined && field !== '') {
        remember(field);
        out[key] = REDACTED;
      } else {
        out[key] = copy(field, depth + 1);
      }
    }
    return out;
  };

  // Two passes: first every value found under a credential name is known, then the rest is
  // copied with those values replaced (a token in a field that comes before its own name).
  const value = <T>(input: T): T => {
    copy(input, 0);
    return copy(input, 0) as T;
  };

  const headers = (input: Readonly<Record<string, string>>) => {
    const out: Record<string, string> = {};
    for (const [name, headerValue] of Object.entries(input)) {
      if (isCredentialHeader(name)) {
        remember(credentialPart(headerValue));
        out[name] = REDACTED;
      }
    }
    for (const [name, headerValue] of Object.entries(input)) {
      if (!isCredentialHeader(name)) out[name] = text(headerValue);
    }
    return out;
  };

  const url = (input: string) => {
    let parsed: URL;
    try {
      parsed = new URL(input);
    } catch {
      return text(input);
    }
    if (parsed.password) parsed.password = REDACTED;
    for (const [name, param] of [...parsed.searchParams]) {
      if (isCredentialName(name)) {
        remember(param);
        parsed.searchParams.set(name, REDACTED);
      }
    }
    return text(parsed.href.split(encodeURIComponent(REDACTED)).join(REDACTED));
  };

  return { value, headers, url, text, remember };
}

/** The credential in a header value: `Bearer abc` holds `abc`. */
function credentialPart(value: string): string {
  const space = value.indexOf(' ');
  return space === -1 ? value : value.slice(space + 1);
}
