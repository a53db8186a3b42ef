/**
 * Reference data (always, idempotent) and the demo businesses (only into an empty database).
 * Demo logins are fixed and documented in README.md and the start banner.
 */
import { count, sql } from "drizzle-orm";
import type { NodePgDatabase } from "drizzle-orm/node-postgres";
import { BUSINESS_STATUS } from "#db/schema/company-enums.ts";
import { hashPassword } from "#core/auth/password.ts";
import { seedDemoCatalog } from "./catalog.ts";
import { seedDemoOfferings } from "./offerings.ts";
import { seedDemoOrders } from "./orders.ts";
import { seedDemoProfile } from "./profile.ts";
import * as ref from "#db/reference-data.ts";
import { productCategories } from "#db/reference-data-categories.ts";
import * as s from "#db/schema/index.ts";
import { seedDemoDeposit } from "./deposit.ts";
import { seedDemoPromotions } from "./promotions.ts";
import { seedDemoCampaigns } from "./campaigns.ts";
import { seedDemoAds } from "./ads.ts";
import { seedDemoTradingPartners } from "./trading-partners.ts";
import { seedDemoInbox } from "./inbox.ts";
import { seedDemoBroadcasts } from "./broadcasts.ts";

type Db = NodePgDatabase<typeof s>;

export const DEMO_PASSWORD = "indie-demo";
export const DEMO_LOGINS = [
  { email: "seller@indie.test", who: "seller, owner of Toko Demo" },
  { email: "seller2@indie.test", who: "seller of a second business (Batik Sekar Jagad)" },
  { email: "staff@indie.test", who: "staff of Toko Demo with Orders and Product privileges" },
  { email: "newbie@indie.test", who: "signed up, not yet a seller" },
];

export async function seedReference(db: Db) {
  await db.insert(s.provinces).values(ref.provinces).onConflictDoNothing();
  await db.insert(s.cities).values(ref.cities).onConflictDoNothing();
  await db.insert(s.villages).values(ref.villages).onConflictDoNothing();
  await db.insert(s.banks).values(ref.banks).onConflictDoNothing();
  await db.insert(s.productCategories).values(productCategories).onConflictDoNothing();
  await db.insert(s.couriers).values(ref.couriers.map(({ services: _, ...c }) => c)).onConflictDoNothing();
  const [{ n }] = await db.select({ n: count() }).from(s.courierServices);
  if (n === 0) {
    await db.insert(s.courierServices).values(
      ref.couriers.flatMap((c) => c.services.map((sv) => ({ courierCode: c.code, ...sv }))),
    );
  }
}

/** Seeds the demo data when the database has no users yet. Returns true when it seeded. */
export async function seedDemo(db: Db, opts: { orders?: number } = {}): Promise<boolean> {
  const [{ n }] = await db.select({ n: count() }).from(s.users);
  if (n > 0) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD);

  const [seller, seller2, staff] = await db
    .insert(s.users)
    .values([
      { name: "Sari Wulandari", email: "seller@indie.test", phone: "+6281200000001", passwordHash, profileStatus: 3, role: "OFFICIAL" },
      { name: "Budi Santoso", email: "seller2@indie.test", phone: "+6281200000002", passwordHash, profileStatus: 3, role: "OFFICIAL" },
      { name: "Rina Kusuma", email: "staff@indie.test", phone: "+6281200000003", passwordHash },
      { name: "Dewi Newbie", email: "newbie@indie.test", phone: "+6281200000004", passwordHash },
    ])
    .returning();

  const jakartaSelatan = 3174;
  const day = 86400_000;
  const ago = (days: number) => new Date(Date.now() - days * day);
  const owned = await db
    .insert(s.businesses)
    .values([
      { name: "Toko Demo", legalType: "pt", businessType: 2, email: "halo@tokodemo.id", phone: "+62215550101",
        address: "Jl. Senopati No. 21, Kebayoran Baru", cityId: jakartaSelatan, postcode: "12190", status: BUSINESS_STATUS.active,
        ownerUserId: seller.id, timeCreated: ago(400), timeModified: ago(12),
        documents: [
          { type: "tax_id", url: "/uploads/demo-npwp.pdf", name: "NPWP.pdf" },
          { type: "deed_of_establishment", url: "/uploads/demo-akta.pdf", name: "Akta Pendirian.pdf" },
          { type: "business_permit", url: "/uploads/demo-nib.pdf", name: "NIB.pdf" },
        ] },
      { name: "Toko Demo Bandung", legalType: "cv", businessType: 2, email: "bandung@tokodemo.id", phone: "+62224200100",
        address: "Jl. Braga No. 8", cityId: 3273, postcode: "40111", status: BUSINESS_STATUS.active, ownerUserId: seller.id,
        timeCreated: ago(200), timeModified: ago(30) },
      { name: "Kopi Senja Nusantara", legalType: "perorangan", businessType: 4, email: "kopi@tokodemo.id", phone: "+6281311112222",
        address: "Jl. Malioboro No. 52", cityId: 3471, postcode: "55271", status: BUSINESS_STATUS.inactive, ownerUserId: seller.id,
        timeCreated: ago(150), timeModified: ago(3) },
      { name: "Konveksi Maju Jaya", legalType: "cv", businessType: 1, phone: "+62315470077",
        address: "Jl. Kapas Krampung No. 120", cityId: 3578, postcode: "60132", status: BUSINESS_STATUS.active, ownerUserId: seller.id,
        timeCreated: ago(90), timeModified: ago(90) },
      { name: "Batik Sekar Jagad", legalType: "pt", businessType: 1, email: "halo@sekarjagad.id", phone: "+62274371234",
        address: "Jl. Prawirotaman No. 9", cityId: 3471, postcode: "55153", status: BUSINESS_STATUS.active, ownerUserId: seller2.id,
        timeCreated: ago(300), timeModified: ago(20) },
    ])
    .returning();
  const [tokoDemo, , , , sekar] = owned;
  // The demo company's documents are real (one-page) PDFs, stored privately like uploaded ones.
  await db.insert(s.uploads).values(
    [["demo-npwp.pdf", "NPWP.pdf", "NPWP (demo)"], ["demo-akta.pdf", "Akta Pendirian.pdf", "Akta Pendirian (demo)"], ["demo-nib.pdf", "NIB.pdf", "NIB (demo)"]]
      .map(([name, originalName, title]) => {
        const data = demoPdf(`Toko Demo - ${title}`);
        return { name, userId: seller.id, contentType: "application/pdf", originalName, size: data.length, data, private: true };
      }),
  );
  await db.insert(s.businessMembers).values([
    ...owned.slice(0, 4).map((b) => ({ businessId: b.id, userId: seller.id, role: "owner", defaultRoute: "/dashboard" })),
    { businessId: sekar.id, userId: seller2.id, role: "owner", defaultRoute: "/dashboard" },
    { businessId: tokoDemo.id, userId: staff.id, role: "staff", privileges: ["orders", "products"], defaultRoute: "/orders" },
  ]);
  await db.insert(s.settings).values(owned.map((b) => ({ businessId: b.id })));

  const ids = { tokoDemo: tokoDemo.id, sekar: sekar.id, seller: seller.id, seller2: seller2.id };
  await seedDemoProfile(db, ids);
  await seedDemoCatalog(db, ids);
  await seedDemoOfferings(db, ids);
  await seedDemoOrders(ids);
  await seedDemoDeposit(ids);
  await seedDemoPromotions(db, ids);
  await seedDemoCampaigns(db, ids);
  await seedDemoAds(db, ids);
  await seedDemoTradingPartners(db, ids);
  await seedDemoInbox(db, ids);
  await seedDemoBroadcasts(db, ids);
  await db.execute(sql`ANALYZE`);
  return true;
}

/** A minimal valid one-page PDF showing one line of text. */
function demoPdf(text: string): Buffer {
  const stream = `BT /F1 18 Tf 72 720 Td (${text.replace(/[()\\]/g, "")}) Tj ET`;
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
  ];
  let pdf = "%PDF-1.4\n";
  const offsets = objects.map((body, i) => {
    const at = pdf.length;
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
    return at;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("")}`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, "latin1");
}

