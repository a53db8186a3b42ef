/**
 * The platform's command for Indie campaigns (issue 16: campaigns are the platform's):
 *   npm run campaigns:add -- --name "Harbolnas 12.12" --type seasonal --min-discount 10 --max-products 20 \
 *     --registration-ends 2026-12-05T23:59 --starts 2026-12-12T00:00 --ends 2026-12-13T00:00 [--description "…"]
 * Times are WIB to the minute (or unix seconds). Sellers see it at once on /promotions/indie-campaign;
 * their entries are moderated like every promotion (`npm run promotions:moderate -- approve <id>`).
 * Uses DATABASE_URL, or the embedded database in ./data/pg (also while the app is running).
 */
import { parseArgs } from "node:util";
import { bootstrapDatabase } from "#db/bootstrap.ts";

const { values: v } = parseArgs({
  options: {
    name: { type: "string" }, type: { type: "string", default: "seasonal" }, description: { type: "string", default: "" },
    "min-discount": { type: "string" }, "max-products": { type: "string", default: "50" },
    "registration-ends": { type: "string" }, starts: { type: "string" }, ends: { type: "string" },
  },
});

const { stop } = await bootstrapDatabase();
const { db, pool } = await import("#db/client.ts");
const { addCampaign, campaignInput } = await import("#core/promotions/campaigns.ts");

let code = 0;
try {
  const input = {
    name: v.name, promo_type: v.type, description: v.description, min_discount_percent: v["min-discount"], max_products: v["max-products"],
    registration_ends_at: v["registration-ends"], starts_at: v.starts, ends_at: v.ends,
  };
  const checked = campaignInput.safeParse(input);
  if (!checked.success) {
    for (const issue of checked.error.issues) console.error(`--${String(issue.path[0] ?? "").replace(/_at$/, "").replaceAll("_", "-")}: ${issue.message}`);
    code = 2;
  } else {
    const id = await addCampaign(db, input);
    console.log(`Campaign ${id}: "${checked.data.name}", ${checked.data.starts_at.toISOString()} – ${checked.data.ends_at.toISOString()}.`);
  }
} finally {
  await pool.end();
  await stop();
}
process.exit(code);
