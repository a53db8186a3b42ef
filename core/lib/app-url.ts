/**
 * The address people open the app at, for links sent to them (an invitation's): APP_URL, else
 * http://localhost:<PORT>. Never taken from a request's Host header, which a caller chooses.
 */
export function appUrl(): string {
  return (process.env.APP_URL || `http://localhost:${process.env.PORT ?? 3000}`).replace(/\/+$/, "");
}
