/**
 * Times every query the app sends: pg.Client#query is wrapped (pools use it too), and `onQuery`
 * gets each statement's text and its time from the call to the answer. BENCH_TRACE=1 prints them.
 */
import pg from "pg";

type Query = (...args: unknown[]) => unknown;

export function timeEveryQuery(onQuery: (text: string, ms: number) => void) {
  const original = pg.Client.prototype.query as unknown as Query;
  (pg.Client.prototype as unknown as { query: Query }).query = function (this: pg.Client, ...args: unknown[]) {
    const t0 = performance.now();
    const text = typeof args[0] === "string" ? args[0] : (args[0] as { text?: string })?.text ?? "";
    const done = () => {
      const ms = performance.now() - t0;
      onQuery(text, ms);
      if (process.env.BENCH_TRACE) console.log(`${ms.toFixed(2).padStart(8)} ms  ${text.replace(/\s+/g, " ").slice(0, 160)}`);
    };
    const last = args[args.length - 1];
    if (typeof last === "function") {
      // pg.Pool#query passes a callback.
      args[args.length - 1] = (err: unknown, res: unknown) => {
        done();
        (last as (e: unknown, r: unknown) => void)(err, res);
      };
      return original.apply(this, args);
    }
    const result = original.apply(this, args) as Promise<unknown> | undefined;
    if (result && typeof result.then === "function") return result.then((v) => (done(), v), (e) => { done(); throw e; });
    return result;
  };
}
