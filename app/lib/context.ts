import { createContext } from "react-router";

/** Set by server/app.ts for every request: the CSP nonce for inline scripts. */
export const nonceContext = createContext<string>("");
