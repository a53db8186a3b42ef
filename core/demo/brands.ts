/**
 * Demo brands (core/demo/profile.ts calls this into an empty database):
 * - Toko Demo owns four brands across the brand categories: Nusantara Wear (verified: three
 *   documents, the company's demo PDFs; every section filled), Anyaman Pandan, Perak Kotagede and
 *   Rumah Wangi (Non-Active).
 * - Batik Sekar Jagad owns two: Sekar Jagad, which Toko Demo partners with (1 Connected), and
 *   Truntum Living, which Toko Demo has asked to partner with (0 Waiting for Approval). Sekar has
 *   also asked to partner with Toko Demo's Anyaman Pandan (0), so both demo sellers see both sides
 *   of the flow: a partner brand, a request of their own waiting, and one to answer.
 * Logos are made here (a monogram on a colour, 800×800 JPEG like the cropper's output) and stored
 * as public uploads; the update history has a row for every brand and partnership step.
 */
import sharp from "sharp";
import { randomBytes } from "node:crypto";
import { BRAND_STATUS, PARTNERSHIP_STATUS } from "#core/profile/profile-enums.ts";
import * as s from "#db/schema/index.ts";
import type { DemoDb, DemoIds } from "./types.ts";

const day = 86400_000;
const ago = (days: number) => new Date(Date.now() - days * day);

/** An 800×800 JPEG: initials in white on a colour, inside a ring. */
async function logo(db: DemoDb, userId: number, initials: string, colour: string) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800">
    <rect width="800" height="800" fill="${colour}"/>
    <circle cx="400" cy="400" r="300" fill="none" stroke="#ffffff" stroke-width="24" opacity="0.85"/>
    <text x="400" y="490" font-size="250" font-family="DejaVu Sans, sans-serif" font-weight="bold" text-anchor="middle" fill="#ffffff">${initials}</text>
  </svg>`;
  const data = await sharp(Buffer.from(svg)).jpeg({ quality: 82 }).toBuffer();
  const name = `${randomBytes(16).toString("hex")}.jpg`;
  await db.insert(s.uploads).values({ name, userId, contentType: "image/jpeg", originalName: `${initials}.jpg`, size: data.length, data });
  return `/uploads/${name}`;
}

/** A 800×800 banner picture: two colour bands. */
async function banner(db: DemoDb, userId: number, a: string, b: string) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800">
    <rect width="800" height="800" fill="${a}"/><path d="M0 520 L800 280 L800 800 L0 800 Z" fill="${b}"/>
  </svg>`;
  const data = await sharp(Buffer.from(svg)).jpeg({ quality: 82 }).toBuffer();
  const name = `${randomBytes(16).toString("hex")}.jpg`;
  await db.insert(s.uploads).values({ name, userId, contentType: "image/jpeg", originalName: "banner.jpg", size: data.length, data });
  return `/uploads/${name}`;
}

export async function seedDemoBrands(db: DemoDb, ids: DemoIds) {
  // One after the other: the seed may run on one connection, which answers one query at a time.
  const nw = await logo(db, ids.seller, "NW", "#7c2d12");
  const ap = await logo(db, ids.seller, "AP", "#3f6212");
  const pk = await logo(db, ids.seller, "PK", "#334155");
  const rw = await logo(db, ids.seller, "RW", "#9d174d");
  const sj = await logo(db, ids.seller2, "SJ", "#1e3a8a");
  const tl = await logo(db, ids.seller2, "TL", "#854d0e");
  const rows = await db.insert(s.brands).values([
    {
      businessId: ids.tokoDemo, name: "Nusantara Wear", image: nw, productCategoryId: 10202, status: BRAND_STATUS.active,
      description: "Kemeja batik dan tenun untuk kerja dan acara, dijahit di Jakarta dari kain pengrajin Pekalongan dan Sumba.",
      documents: [
        { type: "tax_id", url: "/uploads/demo-npwp.pdf", name: "NPWP.pdf" },
        { type: "deed_of_establishment", url: "/uploads/demo-akta.pdf", name: "Akta Pendirian.pdf" },
        { type: "business_permit", url: "/uploads/demo-nib.pdf", name: "NIB.pdf" },
      ],
      timeCreated: ago(380), timeModified: ago(6),
    },
    {
      businessId: ids.tokoDemo, name: "Anyaman Pandan", image: ap, productCategoryId: 10706, status: BRAND_STATUS.active,
      description: "Tas dan keranjang anyaman pandan dari Tasikmalaya.", timeCreated: ago(240), timeModified: ago(40),
    },
    {
      businessId: ids.tokoDemo, name: "Perak Kotagede", image: pk, productCategoryId: 301, status: BRAND_STATUS.active,
      description: "Perhiasan perak 925 buatan tangan pengrajin Kotagede, Yogyakarta.", timeCreated: ago(120), timeModified: ago(15),
    },
    {
      businessId: ids.tokoDemo, name: "Rumah Wangi", image: rw, productCategoryId: 40402, status: BRAND_STATUS.inactive,
      description: "Lilin aromaterapi dan sabun sereh wangi.", timeCreated: ago(60), timeModified: ago(2),
    },
    {
      businessId: ids.sekar, name: "Sekar Jagad", image: sj, productCategoryId: 10401, status: BRAND_STATUS.active,
      description: "Batik tulis dan cap dari Yogyakarta sejak 1987.", timeCreated: ago(290), timeModified: ago(25),
    },
    {
      businessId: ids.sekar, name: "Truntum Living", image: tl, productCategoryId: 502, status: BRAND_STATUS.active,
      description: "Sarung bantal, taplak dan sprei bermotif truntum.", timeCreated: ago(90), timeModified: ago(30),
    },
  ]).returning();
  const [nusantara, anyaman, , , sekarJagad, truntum] = rows;

  await db.insert(s.updateHistory).values(rows.map((b) => ({
    businessId: b.businessId, refType: "brand", refId: b.id, userId: b.businessId === ids.tokoDemo ? ids.seller : ids.seller2,
    action: "create", changes: { name: { from: null, to: b.name } }, timeCreated: b.timeCreated,
  })));
  await db.insert(s.updateHistory).values({
    businessId: ids.tokoDemo, refType: "brand", refId: rows[3].id, userId: ids.seller, action: "inactivate",
    changes: { status: { from: BRAND_STATUS.active, to: BRAND_STATUS.inactive } }, timeCreated: ago(2),
  });

  // Partnerships: Toko Demo ↔ Sekar Jagad connected; Toko Demo asked for Truntum Living; Sekar asked for Anyaman Pandan.
  const links = await db.insert(s.partnerships).values([
    { kind: "brand", refId: sekarJagad.id, ownerBusinessId: ids.sekar, partnerBusinessId: ids.tokoDemo, status: PARTNERSHIP_STATUS.connected,
      requestedByBusinessId: ids.tokoDemo, timeCreated: ago(200), timeModified: ago(198) },
    { kind: "brand", refId: truntum.id, ownerBusinessId: ids.sekar, partnerBusinessId: ids.tokoDemo, status: PARTNERSHIP_STATUS.waiting,
      requestedByBusinessId: ids.tokoDemo, timeCreated: ago(3), timeModified: ago(3) },
    { kind: "brand", refId: anyaman.id, ownerBusinessId: ids.tokoDemo, partnerBusinessId: ids.sekar, status: PARTNERSHIP_STATUS.waiting,
      requestedByBusinessId: ids.sekar, timeCreated: ago(1), timeModified: ago(1) },
  ]).returning();
  const names = { [ids.tokoDemo]: "Toko Demo", [ids.sekar]: "Batik Sekar Jagad" } as Record<number, string>;
  const steps: { link: (typeof links)[number]; action: string; from: number | null; to: number; by: number; at: Date }[] = [
    { link: links[0], action: "request", from: null, to: PARTNERSHIP_STATUS.waiting, by: ids.seller, at: ago(200) },
    { link: links[0], action: "approve", from: PARTNERSHIP_STATUS.waiting, to: PARTNERSHIP_STATUS.connected, by: ids.seller2, at: ago(198) },
    { link: links[1], action: "request", from: null, to: PARTNERSHIP_STATUS.waiting, by: ids.seller, at: ago(3) },
    { link: links[2], action: "request", from: null, to: PARTNERSHIP_STATUS.waiting, by: ids.seller2, at: ago(1) },
  ];
  type Changes = Record<string, { from: unknown; to: unknown }>;
  await db.insert(s.updateHistory).values(steps.flatMap(({ link, action, from, to, by, at }) => [
    { businessId: link.ownerBusinessId, refType: "brand", refId: link.refId, userId: by, action: `partnership_${action}`, timeCreated: at,
      changes: { partnership_status: { from, to }, partner_business: { from: null, to: names[link.partnerBusinessId] } } as Changes },
    { businessId: link.partnerBusinessId, refType: "partnership", refId: link.id, userId: by, action: `partnership_${action}`, timeCreated: at,
      changes: { partnership_status: { from, to }, owner_business: { from: null, to: names[link.ownerBusinessId] } } as Changes },
  ]));

  // Nusantara Wear's sections: a little of everything.
  const b1 = await banner(db, ids.seller, "#7c2d12", "#f59e0b");
  const b2 = await banner(db, ids.seller, "#1e3a8a", "#38bdf8");
  const entry = (section: string, data: Record<string, unknown>, sortOrder = 0) =>
    ({ businessId: ids.tokoDemo, brandId: nusantara.id, section, data, sortOrder, timeCreated: ago(30), timeModified: ago(30) });
  await db.insert(s.brandEntries).values([
    entry("social-media", { type: 1, username: "nusantarawear.id", url: "https://www.instagram.com/nusantarawear.id" }),
    entry("social-media", { type: 4, username: "nusantarawear", url: "https://www.tiktok.com/@nusantarawear" }),
    entry("social-media", { type: 9, username: "Admin Nusantara Wear", url: "https://wa.me/6281200000001" }),
    entry("banners", { image: b1, title: "Koleksi Batik Lebaran", link: "https://tokodemo.id/koleksi/lebaran", sort: 1 }, 1),
    entry("banners", { image: b2, title: "Gratis ongkir se-Jabodetabek", sort: 2 }, 2),
    entry("pickup-lines", { text: "Batik nyaman untuk kerja, pas untuk kondangan." }),
    entry("pickup-lines", { text: "Kain pengrajin asli, dijahit rapi di Jakarta." }),
    entry("notes", { title: "Panduan ukuran", content: "S: lingkar dada 100 cm\nM: 106 cm\nL: 112 cm\nXL: 118 cm\nUkur kemeja favorit Anda lalu bandingkan." }),
    entry("notes", { title: "Perawatan batik", content: "Cuci dengan tangan memakai sabun lerak, jangan diperas, jemur di tempat teduh." }),
    entry("response", { name: "Salam pembuka", message: "Halo Kak, terima kasih sudah mampir ke Nusantara Wear! Ada yang bisa kami bantu?", is_active: true }),
    entry("response", { name: "Di luar jam kerja", message: "Terima kasih, pesan Kakak kami balas besok mulai pukul 08.00 WIB.", is_active: false }),
    entry("holiday", { start_date: "2026-03-18", end_date: "2026-03-24", reason: "Libur Lebaran (Idul Fitri 1447 H)" }),
    entry("holiday", { start_date: "2026-12-24", end_date: "2026-12-26", reason: "Libur Natal" }),
  ]);
}
