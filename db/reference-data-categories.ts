/**
 * Product categories, three levels, seeded into PostgreSQL by core/demo/seed.ts (seedReference).
 *
 * - The top level is the spec's brand categories (section 3): Fashion, Art, Jewelry, Body Care,
 *   Home Living. Brands name one category at any level (api/routes/brands.ts); products will too.
 * - The second and third levels follow what Indonesian sellers list on the marketplaces: names in
 *   Indonesian where that is what sellers and buyers search for (Pakaian Wanita, Batik Tulis,
 *   Lulur), English where the English word is the one used (Dress, Sneakers, Body Lotion).
 *   Category names are data (the same in both interface languages), not interface strings.
 * - Ids are stable and written out, never computed: level 1 is 1-5, level 2 is parent × 100 + n,
 *   level 3 is parent × 100 + n (Fashion 1 › Pakaian Wanita 101 › Dress 10101). A new category takes
 *   the next free number under its parent; an id is never reused for another meaning.
 *
 * Plain data only: no imports, no DB code.
 */

type Leaf = [id: number, name: string];
type Branch = [id: number, name: string, children: Leaf[]];
type Top = [id: number, name: string, children: Branch[]];

const TREE: Top[] = [
  [1, "Fashion", [
    [101, "Pakaian Wanita", [
      [10101, "Dress"], [10102, "Blouse & Kemeja Wanita"], [10103, "Batik Wanita"], [10104, "Kebaya"],
      [10105, "Rok"], [10106, "Celana Wanita"], [10107, "Outerwear Wanita"],
    ]],
    [102, "Pakaian Pria", [
      [10201, "Kemeja Pria"], [10202, "Batik Pria"], [10203, "Kaos & Polo"], [10204, "Celana Pria"],
      [10205, "Jaket & Outerwear Pria"],
    ]],
    [103, "Fashion Muslim", [
      [10301, "Hijab"], [10302, "Gamis"], [10303, "Tunik"], [10304, "Mukena"], [10305, "Baju Koko"],
    ]],
    [104, "Kain Tradisional", [
      [10401, "Batik Tulis"], [10402, "Batik Cap"], [10403, "Tenun Ikat"], [10404, "Songket"], [10405, "Sarung"],
      [10406, "Lurik"],
    ]],
    [105, "Pakaian Anak", [
      [10501, "Baju Anak Perempuan"], [10502, "Baju Anak Laki-laki"], [10503, "Baju Bayi"],
    ]],
    [106, "Sepatu & Sandal", [
      [10601, "Sneakers"], [10602, "Sepatu Kulit"], [10603, "Sandal"], [10604, "Flat Shoes & Heels"],
    ]],
    [107, "Tas & Aksesoris", [
      [10701, "Tas Wanita"], [10702, "Tas Pria"], [10703, "Dompet"], [10704, "Topi"], [10705, "Ikat Pinggang"],
      [10706, "Tas Anyaman"],
    ]],
  ]],
  [2, "Art", [
    [201, "Lukisan", [
      [20101, "Lukisan Kanvas"], [20102, "Lukisan Kaca"], [20103, "Cat Air"], [20104, "Lukisan Batik"],
    ]],
    [202, "Kerajinan Tangan", [
      [20201, "Anyaman Rotan & Pandan"], [20202, "Ukiran Kayu"], [20203, "Gerabah & Keramik"], [20204, "Wayang"],
      [20205, "Topeng"],
    ]],
    [203, "Patung & Pahatan", [
      [20301, "Patung Kayu"], [20302, "Patung Batu"], [20303, "Patung Logam"],
    ]],
    [204, "Fotografi & Cetak", [
      [20401, "Cetak Foto"], [20402, "Poster & Art Print"], [20403, "Kaligrafi"],
    ]],
    [205, "Alat Seni & Kriya", [
      [20501, "Cat & Kuas"], [20502, "Kanvas & Kertas"], [20503, "Perlengkapan Membatik"],
    ]],
  ]],
  [3, "Jewelry", [
    [301, "Perhiasan Perak", [
      [30101, "Cincin Perak"], [30102, "Kalung Perak"], [30103, "Gelang Perak"], [30104, "Anting Perak"],
    ]],
    [302, "Perhiasan Emas", [
      [30201, "Cincin Emas"], [30202, "Kalung Emas"], [30203, "Gelang Emas"], [30204, "Anting Emas"],
    ]],
    [303, "Mutiara & Batu Mulia", [
      [30301, "Mutiara Lombok"], [30302, "Batu Akik"], [30303, "Batu Mulia"],
    ]],
    [304, "Perhiasan Fashion", [
      [30401, "Bros"], [30402, "Aksesoris Rambut"], [30403, "Gelang Manik-manik"],
    ]],
    [305, "Jam Tangan", [
      [30501, "Jam Tangan Wanita"], [30502, "Jam Tangan Pria"], [30503, "Jam Tangan Kayu"],
    ]],
  ]],
  [4, "Body Care", [
    [401, "Perawatan Tubuh", [
      [40101, "Sabun Mandi"], [40102, "Lulur & Scrub"], [40103, "Body Lotion"], [40104, "Deodoran"],
    ]],
    [402, "Perawatan Wajah", [
      [40201, "Pembersih Wajah"], [40202, "Masker Wajah"], [40203, "Serum & Pelembap"], [40204, "Tabir Surya"],
    ]],
    [403, "Perawatan Rambut", [
      [40301, "Sampo"], [40302, "Kondisioner"], [40303, "Minyak Rambut"],
    ]],
    [404, "Aromaterapi & Spa", [
      [40401, "Minyak Esensial"], [40402, "Lilin Aromaterapi"], [40403, "Garam Mandi"], [40404, "Minyak Pijat"],
    ]],
    [405, "Wewangian", [
      [40501, "Parfum"], [40502, "Body Mist"], [40503, "Parfum Non-Alkohol"],
    ]],
  ]],
  [5, "Home Living", [
    [501, "Dekorasi Rumah", [
      [50101, "Hiasan Dinding"], [50102, "Vas & Pot"], [50103, "Lampu Hias"], [50104, "Cermin"],
    ]],
    [502, "Tekstil Rumah", [
      [50201, "Sprei & Bed Cover"], [50202, "Sarung Bantal"], [50203, "Taplak Meja"], [50204, "Gorden"],
      [50205, "Karpet & Keset"],
    ]],
    [503, "Peralatan Dapur & Makan", [
      [50301, "Peralatan Masak"], [50302, "Piring & Mangkuk"], [50303, "Gelas & Cangkir"], [50304, "Cobek & Ulekan"],
    ]],
    [504, "Furnitur", [
      [50401, "Kursi"], [50402, "Meja"], [50403, "Rak & Lemari"], [50404, "Furnitur Rotan"],
    ]],
    [505, "Penyimpanan & Organizer", [
      [50501, "Keranjang"], [50502, "Kotak Penyimpanan"], [50503, "Gantungan"],
    ]],
  ]],
];

export type ProductCategory = { id: number; parentId: number | null; level: number; name: string; sortOrder: number };

/** Every category as a table row, parents before their children, in the catalogue's order. */
export const productCategories: ProductCategory[] = TREE.flatMap(([id, name, branches], i) => [
  { id, parentId: null, level: 1, name, sortOrder: i + 1 },
  ...branches.flatMap(([bid, bname, leaves], j) => [
    { id: bid, parentId: id, level: 2, name: bname, sortOrder: j + 1 },
    ...leaves.map(([lid, lname], k) => ({ id: lid, parentId: bid, level: 3, name: lname, sortOrder: k + 1 })),
  ]),
]);
