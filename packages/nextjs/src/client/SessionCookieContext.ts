import { createContext } from 'react';
import type { SessionCookieOptions } from '../cookie/sessionCookieOptions';

/** The cookie options of the nearest Next.js `BridgeProvider`; `false` when mirroring is off. */
export const SessionCookieContext = createContext<SessionCookieOptions | false>({});
