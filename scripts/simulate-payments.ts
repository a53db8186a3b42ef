/**
 * `npm run simulate:payments -- --port 4010 --mode mix`: a small HTTP server playing BOTH money
 * services of core/money/providers.ts's protocol — the payment service (POST /payments: deposit
 * top-ups, invoices paid by a method) and the disbursement service (POST /disbursements:
 * withdrawals) — and calling the app back signed, as a real provider would:
 *
 *   POST /payments       { reference, amount, method, description, callback_url } → { provider_ref, instructions, expires_at }
 *   POST /disbursements  { reference, amount, bank_code, account_no, account_name, callback_url } → { provider_ref }
 *   then, after --delay ms: POST callback_url { event_id, reference, provider_ref, status, amount, time }
 *
 * Every request must carry the app's signature (X-Indie-Signature, the service's secret): a
 * request that does not is refused 401, so a misconfigured app shows at once. A reference it has
 * seen answers the same provider_ref and is not paid twice (the protocol's promise).
 *
 * Modes (--mode, or POST /mode {"mode": "…"} while it runs; per request by the amount's last two
 * digits, so one demo can show each):
 *   pay     calls back "paid"
 *   fail    calls back "failed"                                        (amounts ending in 13)
 *   twice   calls back "paid" twice at once, the same event (a duplicate)   (ending in 22)
 *   late    calls back "paid" after --late ms instead of --delay             (ending in 44)
 *   down    answers 503 and calls nothing back (the app keeps the request and retries)
 *   mix     the default: 70 % pay, 10 % fail, 10 % twice, 10 % late
 * A callback the app does not take (network error or 5xx) is sent again up to 5 times (1, 2, 4 … s).
 *
 * Options: --port (default 4010), --mode, --delay ms (default 2000), --late ms (default 30000),
 * --app URL (send callbacks to URL/api/callbacks/… instead of each request's callback_url), --quiet.
 * Secrets: PAYMENT_SECRET / DISBURSEMENT_SECRET when set, else derived from the server secret like
 * the app's (core/lib/secret.ts: run it with the app's SESSION_SECRET, or from the app's directory).
 *
 * Imported (tests/api/simulate-payments.test.ts), it runs nothing: `startPaymentSimulator` starts
 * one and answers its URL, its log and how to stop it.
 */
import { createServer, type IncomingMessage, type Server } from "node:http";
import { randomBytes } from "node:crypto";
import { pathToFileURL } from "node:url";
import { serviceSecret, signMoneyBody, SIGNATURE_HEADER, verifyMoneySignature, type Service } from "#core/money/providers.ts";

export const MODES = ["pay", "fail", "twice", "late", "down", "mix"] as const;
export type Mode = (typeof MODES)[number];
type Outcome = Exclude<Mode, "mix" | "down">;

export type SimulatorOptions = { port?: number; mode?: Mode; delayMs?: number; lateMs?: number; appUrl?: string; quiet?: boolean };
export type SimulatorEvent = { service: Service; reference: string; amount: number; outcome: Outcome | "down"; callbacks: number[] };

/** What a request gets: the amount's last two digits first, then the mode (mix: by chance). */
function outcomeOf(mode: Mode, amount: number): Outcome | "down" {
  const tail = amount % 100;
  if (tail === 13) return "fail";
  if (tail === 22) return "twice";
  if (tail === 44) return "late";
  if (mode !== "mix") return mode;
  const r = Math.random();
  return r < 0.7 ? "pay" : r < 0.8 ? "fail" : r < 0.9 ? "twice" : "late";
}

async function bodyOf(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const c of req) {
    size += (c as Buffer).length;
    if (size > 64 * 1024) throw new Error("too large");
    chunks.push(c as Buffer);
  }
  return Buffer.concat(chunks).toString("utf8");
}

export async function startPaymentSimulator(opts: SimulatorOptions = {}) {
  let mode: Mode = opts.mode ?? "mix";
  const delayMs = opts.delayMs ?? 2000;
  const lateMs = opts.lateMs ?? 30_000;
  const log = (...a: unknown[]) => opts.quiet || console.log(...a);
  const known = new Map<string, { providerRef: string; answer: Record<string, unknown> }>();
  const events: SimulatorEvent[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const pending = new Set<Promise<unknown>>();

  const later = (ms: number, fn: () => Promise<unknown>) => {
    const t = setTimeout(() => {
      timers.delete(t);
      const p = fn().finally(() => pending.delete(p));
      pending.add(p);
    }, ms);
    timers.add(t);
  };

  /** Delivers one signed callback, again on a network error or a 5xx (up to 5 tries). */
  async function callBack(service: Service, url: string, body: string, event: SimulatorEvent) {
    for (let attempt = 0; attempt < 5; attempt++) {
      try {
        const res = await fetch(url, { method: "POST", headers: { "Content-Type": "application/json", [SIGNATURE_HEADER]: signMoneyBody(service, body) }, body });
        event.callbacks.push(res.status);
        log(`  ${service} callback ${event.reference} → ${res.status}`);
        if (res.status < 500) return;
      } catch (e) {
        event.callbacks.push(0);
        log(`  ${service} callback ${event.reference} failed: ${(e as Error).message}`);
      }
      await new Promise((r) => setTimeout(r, 1000 * 2 ** attempt));
    }
  }

  function schedule(service: Service, p: { reference: string; amount: number; callback_url: string }, providerRef: string, outcome: Outcome) {
    const event: SimulatorEvent = { service, reference: p.reference, amount: p.amount, outcome, callbacks: [] };
    events.push(event);
    const path = service === "payment" ? "payments" : "disbursements";
    const url = opts.appUrl ? `${opts.appUrl.replace(/\/$/, "")}/api/callbacks/${path}` : p.callback_url;
    const body = JSON.stringify({
      event_id: `simx-${randomBytes(6).toString("hex")}`, reference: p.reference, provider_ref: providerRef,
      status: outcome === "fail" ? "failed" : "paid", amount: p.amount, time: Math.floor(Date.now() / 1000),
    });
    later(outcome === "late" ? lateMs : delayMs, async () => {
      if (outcome === "twice") await Promise.all([callBack(service, url, body, event), callBack(service, url, body, event)]);
      else await callBack(service, url, body, event);
    });
  }

  const server: Server = createServer(async (req, res) => {
    const send = (status: number, json: unknown) => {
      res.writeHead(status, { "Content-Type": "application/json" });
      res.end(JSON.stringify(json));
    };
    try {
      const raw = await bodyOf(req);
      if (req.method === "GET" && req.url === "/") return send(200, { mode, delay_ms: delayMs, late_ms: lateMs, seen: known.size });
      if (req.method === "POST" && req.url === "/mode") {
        const next = (JSON.parse(raw || "{}") as { mode?: string }).mode;
        if (!MODES.includes(next as Mode)) return send(422, { message: `mode: one of ${MODES.join(", ")}` });
        mode = next as Mode;
        log(`mode: ${mode}`);
        return send(200, { mode });
      }
      const service: Service | null = req.url === "/payments" ? "payment" : req.url === "/disbursements" ? "disbursement" : null;
      if (req.method !== "POST" || !service) return send(404, { message: "not found" });
      if (!verifyMoneySignature(service, raw, req.headers[SIGNATURE_HEADER.toLowerCase()] as string | undefined)) {
        log(`${service}: bad signature — is the app using the same secret?`);
        return send(401, { message: "bad signature" });
      }
      const p = JSON.parse(raw) as { reference: string; amount: number; callback_url: string };
      if (typeof p.reference !== "string" || !Number.isSafeInteger(p.amount) || typeof p.callback_url !== "string") return send(422, { message: "bad request" });
      const seen = known.get(`${service}:${p.reference}`);
      if (seen) {
        log(`${service} ${p.reference}: seen before, same answer`);
        return send(200, seen.answer);
      }
      const outcome = outcomeOf(mode, p.amount);
      if (outcome === "down") {
        events.push({ service, reference: p.reference, amount: p.amount, outcome, callbacks: [] });
        log(`${service} ${p.reference}: down (503)`);
        return send(503, { message: "service unavailable" });
      }
      const providerRef = `${service === "payment" ? "XPAY" : "XDSB"}-${randomBytes(5).toString("hex").toUpperCase()}`;
      const answer = service === "payment"
        ? { provider_ref: providerRef, instructions: { kind: "va", value: `8808${String(Date.now()).slice(-10)}` }, expires_at: Math.floor(Date.now() / 1000) + 86400 }
        : { provider_ref: providerRef };
      known.set(`${service}:${p.reference}`, { providerRef, answer });
      log(`${service} ${p.reference} Rp ${p.amount.toLocaleString("id-ID")}: ${outcome}`);
      schedule(service, p, providerRef, outcome);
      return send(200, answer);
    } catch (e) {
      return send(400, { message: (e as Error).message });
    }
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 4010, "127.0.0.1", resolve));
  const address = server.address();
  const url = `http://127.0.0.1:${typeof address === "object" && address ? address.port : opts.port}`;
  return {
    url,
    events,
    setMode: (m: Mode) => void (mode = m),
    /** Every callback scheduled so far has been delivered (or given up). */
    settled: async () => {
      while (timers.size || pending.size) await new Promise((r) => setTimeout(r, 20));
    },
    close: async () => {
      for (const t of timers) clearTimeout(t);
      await Promise.allSettled([...pending]);
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

// ---- the script ---------------------------------------------------------------------------------
const isMain = Boolean(process.argv[1]) && import.meta.url === pathToFileURL(process.argv[1]).href;
if (isMain) {
  const args = process.argv.slice(2);
  const opt = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
  if (args.includes("--help")) {
    console.log("npm run simulate:payments -- [--port 4010] [--mode pay|fail|twice|late|down|mix] [--delay 2000] [--late 30000] [--app http://localhost:3000] [--quiet]");
    process.exit(0);
  }
  const mode = (opt("--mode") ?? "mix") as Mode;
  if (!MODES.includes(mode)) {
    console.error(`--mode: one of ${MODES.join(", ")}`);
    process.exit(2);
  }
  const sim = await startPaymentSimulator({
    port: Number(opt("--port") ?? 4010), mode, delayMs: Number(opt("--delay") ?? 2000), lateMs: Number(opt("--late") ?? 30_000),
    appUrl: opt("--app"), quiet: args.includes("--quiet"),
  });
  console.log(`Payment + disbursement simulator on ${sim.url} (mode ${mode}). Start the app with:

  PAYMENT_URL=${sim.url} DISBURSEMENT_URL=${sim.url} \\
  PAYMENT_SECRET=${serviceSecret("payment")} \\
  DISBURSEMENT_SECRET=${serviceSecret("disbursement")} \\
  APP_URL=http://localhost:3000 npm start

(the secrets shown are the ones this simulator checks and signs with; APP_URL is where it calls back).
Per request by the amount's last two digits: 13 fails, 22 is paid twice, 44 answers late.
Change the mode while it runs: curl -X POST ${sim.url}/mode -d '{"mode":"fail"}'`);
  const stop = () => void sim.close().then(() => process.exit(0));
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}
