/**
 * The child of tests/api/transfer-crash.test.ts: a process doing stock transfers under load
 * (four loops at once: create → send → receive, partly or fully, short quantities returned to the
 * source, some drafts cancelled, some transfers left in transit and received later) until it is
 * killed with SIGKILL. Env: DATABASE_URL, TOKEN (a seller's), VARIANTS (ids), LOCATIONS (keys).
 * Prints "op" after each finished step so the parent knows it is busy.
 */
import { actorFromToken, scopeOf } from "#core/actor.ts";
import { Conflict, Refused } from "#core/errors.ts";
import {
  cancelTransfer, createTransfer, listTransfers, receiveTransfer, resolveTransferShort, sendTransfer,
} from "#core/stock/transfers.ts";
import { db } from "#db/client.ts";
import { productVariants } from "#db/schema/index.ts";
import { inArray } from "drizzle-orm";

const variants = process.env.VARIANTS!.split(",").map(Number);
const locations = process.env.LOCATIONS!.split(",");
const actor = await actorFromToken(process.env.TOKEN, "en");
const scope = scopeOf(actor);
const skus = new Map((await db.select({ id: productVariants.id, sku: productVariants.sku }).from(productVariants).where(inArray(productVariants.id, variants))).map((v) => [v.id, v.sku]));
const pick = <T>(a: T[]) => a[Math.floor(Math.random() * a.length)];
const tick = () => process.stdout.write("op\n");

async function step() {
  if (Math.random() < 0.25) {
    // Receive one left in transit earlier.
    const { rows } = await listTransfers(scope, { status: "in_transit", limit: 20 });
    const t = rows.length ? pick(rows) : null;
    if (t) {
      const { getTransfer } = await import("#core/stock/transfers.ts");
      const d = await getTransfer(scope, t.transfer_id);
      await receiveTransfer(scope, t.transfer_id, { lines: d.lines.map((l) => ({ line_id: l.line_id, received: l.in_transit })), more_to_come: false, note: "" });
      tick();
    }
    return;
  }
  const source = pick(locations);
  const destination = pick(locations.filter((l) => l !== source));
  const chosen = [...new Set([pick(variants), pick(variants)])];
  const t = await createTransfer(scope, { source, destination, note: "", lines: chosen.map((v) => ({ sku: skus.get(v)!, quantity: 1 + Math.floor(Math.random() * 3) })) });
  tick();
  if (Math.random() < 0.1) return void (await cancelTransfer(scope, t.transfer_id), tick());
  try {
    await sendTransfer(scope, t.transfer_id);
  } catch (e) {
    if (e instanceof Refused) return void (await cancelTransfer(scope, t.transfer_id), tick()); // not enough at the source
    throw e;
  }
  tick();
  if (Math.random() < 0.3) return; // left in transit for later
  const r = Math.random();
  const lines = t.lines.map((l) => ({ line_id: l.line_id, received: r < 0.5 ? l.quantity : Math.floor(Math.random() * (l.quantity + 1)) }));
  const after = await receiveTransfer(scope, t.transfer_id, { lines, more_to_come: false, note: "" });
  tick();
  if (after.status === "discrepancy") {
    await resolveTransferShort(scope, t.transfer_id, { resolution: "returned", lines: [], note: "" });
    tick();
  }
}

async function loop() {
  for (;;) {
    try {
      await step();
    } catch (e) {
      if (!(e instanceof Refused) && !(e instanceof Conflict)) throw e;
    }
  }
}

await Promise.all([loop(), loop(), loop(), loop()]);
