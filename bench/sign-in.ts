/**
 * What the page benches share: waiting for a started server to answer, and signing in through
 * the page's own form as a browser without JavaScript does (the session cookie comes back).
 */
import type { ChildProcess } from "node:child_process";
import { DEMO } from "#tests/demo-accounts.ts";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Until `base + path` answers 200; throws with the server's last words if it exits or `ms` pass. */
export async function untilAnswers(base: string, server: ChildProcess, log: () => string, path = "/auth", ms = 60_000) {
  for (const until = Date.now() + ms; ;) {
    if (server.exitCode !== null) throw new Error(`server exited (${server.exitCode}):\n${log()}`);
    const res = await fetch(base + path).catch(() => undefined);
    await res?.arrayBuffer().catch(() => undefined);
    if (res?.status === 200) return;
    if (Date.now() > until) throw new Error(`server did not answer on ${base}${path}:\n${log()}`);
    await sleep(100);
  }
}

/**
 * The session cookie of `login` (the demo seller by default), signed in through /auth, then as a
 * browser keeps it after its first page: the signed-in layout stores the socket ticket in the
 * session once (app/routes/admin/layout.tsx), and a bench replaying the cookie from before that
 * page would measure a re-signed cookie on every answer, which no browser sends.
 */
export async function signIn(base: string, login = DEMO.seller): Promise<string> {
  const res = await fetch(`${base}/auth?index`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ login, password: DEMO.password, redirectTo: "" }),
  });
  await res.arrayBuffer();
  const cookie = res.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
  if (res.status !== 302 || !cookie) throw new Error(`sign-in answered ${res.status}`);
  const home = new URL(res.headers.get("location") ?? "/", base);
  const page = await fetch(home, { headers: { Cookie: cookie }, redirect: "manual" });
  await page.arrayBuffer();
  const kept = page.headers.getSetCookie().map((c) => c.split(";")[0]).find((c) => c.startsWith("__session="));
  return kept ?? cookie;
}
