import { createContext } from "react-router";
import type { Peer } from "#core/lib/demo.ts";

/** Set by server/app.ts for every request: the CSP nonce for inline scripts. */
export const nonceContext = createContext<string>("");

/** Set by server/app.ts: the browser's address (see api/lib/client-ip.ts), passed on to the API. */
export const clientIpContext = createContext<string | undefined>(undefined);

/**
 * Set by server/app.ts from the request's socket (api/lib/client-ip.ts peerOf): who may see the
 * demo surfaces (core/lib/demo.ts isDemoFor). A page run without it (a route test) has no address,
 * which is never this machine.
 */
export const peerContext = createContext<Peer>({});
