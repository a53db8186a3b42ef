/** The simulators' command-line words (simulate-orders.ts, simulate-inbox.ts): a rate and a duration as people write them. */

/** "2/s", "30/m", "100/h" (a bare number is per second) → per second. */
export function perSecond(text: string) {
  const m = /^(\d+(?:\.\d+)?)(?:\/(s|m|h))?$/.exec(text.trim());
  if (!m || Number(m[1]) <= 0) throw new Error(`--rate: say how many per second, minute or hour, e.g. 2/s, 30/m, 100/h (got "${text}")`);
  return Number(m[1]) / { s: 1, m: 60, h: 3600 }[(m[2] ?? "s") as "s" | "m" | "h"];
}

/** "90s", "10m", "1h" (a bare number is seconds) → seconds. */
export function seconds(text: string) {
  const m = /^(\d+(?:\.\d+)?)(s|m|h)?$/.exec(text.trim());
  if (!m) throw new Error(`--duration: e.g. 90s, 10m, 1h (got "${text}")`);
  return Number(m[1]) * { s: 1, m: 60, h: 3600 }[(m[2] ?? "s") as "s" | "m" | "h"];
}

/** The options every simulator takes: --url, --rate, --count, --duration, --email/--password, --quiet. */
export function simOptions(args: string[], defaultRate: string) {
  const opt = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
  const flag = (name: string) => args.includes(name);
  return {
    opt, flag,
    base: (opt("--url") ?? process.env.APP_URL ?? `http://localhost:${process.env.PORT ?? 3000}`).replace(/\/$/, ""),
    rate: perSecond(opt("--rate") ?? defaultRate),
    max: opt("--count") ? Number(opt("--count")) : Infinity,
    deadline: opt("--duration") ? Date.now() + seconds(opt("--duration")!) * 1000 : Infinity,
    email: opt("--email") ?? "seller@indie.test",
    password: opt("--password") ?? "indie-demo",
    quiet: flag("--quiet"),
  };
}
