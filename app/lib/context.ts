import { createContext } from "react-router";

/** Set by server/app.ts for every request: the CSP nonce for inline scripts. */
export const nonceContext = createContext<string>("");

/** Set by server/app.ts: the browser's address (see api/lib/client-ip.ts), passed on to the API. */
export const clientIpContext = createContext<string | undefined>(undefined);
