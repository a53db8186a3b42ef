import { createCookie } from "react-router";

/** The chosen interface language, kept for 365 days (spec section 1). */
export const langCookie = createCookie("lng", { path: "/", sameSite: "lax", maxAge: 365 * 86400, httpOnly: false });
