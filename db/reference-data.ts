/**
 * Indonesian reference data, seeded into PostgreSQL by core/demo/seed.ts.
 *
 * Sources and conventions
 * - provinces / cities: Kemendagri "kode wilayah" (Kepmendagri 100.1.1-6117/2022 and its 2025
 *   update, 300.2.2-2138/2025), written without dots: province "32", kabupaten/kota "32.73" -> 3273.
 *   These are the Kemendagri codes, not the BPS codes; the two differ only for the Papua region
 *   (Kemendagri: 91 Papua, 92 Papua Barat, 93 Papua Selatan, 94 Papua Tengah, 95 Papua Pegunungan,
 *   96 Papua Barat Daya).  `cities` is a sample: every provincial capital plus the large
 *   cities/regencies, not all 514 kabupaten/kota.
 * - villages: a SAMPLE of kelurahan/desa only (not the ~84,000 of the full list).  `district` is the
 *   kecamatan; postcodes are the Pos Indonesia codes as mapped to the Kemendagri village codes.
 *   The `id` is a local sequential id, not the 10-digit Kemendagri village code.
 * - banks: Bank Indonesia 3-digit bank codes (sandi bank, used for SKN/RTGS/BI-FAST transfers).
 * - couriers: courier and service codes as used by the Indonesian shipping aggregators.
 *
 * Plain data only: no imports, no DB code.
 */

type Province = { id: number; name: string };
type City = { id: number; provinceId: number; name: string; type: "kota" | "kabupaten" };
type Village = { id: number; cityId: number; district: string; name: string; postcode: string };
type Bank = { code: string; name: string; shortName: string };
type CourierGroup = "regular" | "instant" | "same_day" | "cargo";
type CourierService = { code: string; name: string; group: CourierGroup };
type Courier = { code: string; name: string; group: CourierGroup; services: CourierService[] };
type Currency = { code: string; name: string; symbol: string; decimals: number };
type Language = { code: string; name: string; nativeName: string };
type IdName = { id: number; name: string };

// ---------------------------------------------------------------------------------------------
// Provinces: all 38 (since the 2022 Papua split)
// ---------------------------------------------------------------------------------------------
export const provinces: Province[] = [
  { id: 11, name: "Aceh" },
  { id: 12, name: "Sumatera Utara" },
  { id: 13, name: "Sumatera Barat" },
  { id: 14, name: "Riau" },
  { id: 15, name: "Jambi" },
  { id: 16, name: "Sumatera Selatan" },
  { id: 17, name: "Bengkulu" },
  { id: 18, name: "Lampung" },
  { id: 19, name: "Kepulauan Bangka Belitung" },
  { id: 21, name: "Kepulauan Riau" },
  { id: 31, name: "DKI Jakarta" },
  { id: 32, name: "Jawa Barat" },
  { id: 33, name: "Jawa Tengah" },
  { id: 34, name: "DI Yogyakarta" },
  { id: 35, name: "Jawa Timur" },
  { id: 36, name: "Banten" },
  { id: 51, name: "Bali" },
  { id: 52, name: "Nusa Tenggara Barat" },
  { id: 53, name: "Nusa Tenggara Timur" },
  { id: 61, name: "Kalimantan Barat" },
  { id: 62, name: "Kalimantan Tengah" },
  { id: 63, name: "Kalimantan Selatan" },
  { id: 64, name: "Kalimantan Timur" },
  { id: 65, name: "Kalimantan Utara" },
  { id: 71, name: "Sulawesi Utara" },
  { id: 72, name: "Sulawesi Tengah" },
  { id: 73, name: "Sulawesi Selatan" },
  { id: 74, name: "Sulawesi Tenggara" },
  { id: 75, name: "Gorontalo" },
  { id: 76, name: "Sulawesi Barat" },
  { id: 81, name: "Maluku" },
  { id: 82, name: "Maluku Utara" },
  { id: 91, name: "Papua" },
  { id: 92, name: "Papua Barat" },
  { id: 93, name: "Papua Selatan" },
  { id: 94, name: "Papua Tengah" },
  { id: 95, name: "Papua Pegunungan" },
  { id: 96, name: "Papua Barat Daya" },
];

// ---------------------------------------------------------------------------------------------
// Cities (kabupaten/kota): sample covering every province
// ---------------------------------------------------------------------------------------------
export const cities: City[] = [
  // 11 Aceh
  { id: 1106, provinceId: 11, name: "Kabupaten Aceh Besar", type: "kabupaten" },
  { id: 1171, provinceId: 11, name: "Kota Banda Aceh", type: "kota" },
  { id: 1173, provinceId: 11, name: "Kota Lhokseumawe", type: "kota" },
  // 12 Sumatera Utara
  { id: 1205, provinceId: 12, name: "Kabupaten Langkat", type: "kabupaten" },
  { id: 1207, provinceId: 12, name: "Kabupaten Deli Serdang", type: "kabupaten" },
  { id: 1208, provinceId: 12, name: "Kabupaten Simalungun", type: "kabupaten" },
  { id: 1271, provinceId: 12, name: "Kota Medan", type: "kota" },
  { id: 1272, provinceId: 12, name: "Kota Pematangsiantar", type: "kota" },
  { id: 1275, provinceId: 12, name: "Kota Binjai", type: "kota" },
  // 13 Sumatera Barat
  { id: 1371, provinceId: 13, name: "Kota Padang", type: "kota" },
  { id: 1375, provinceId: 13, name: "Kota Bukittinggi", type: "kota" },
  // 14 Riau
  { id: 1401, provinceId: 14, name: "Kabupaten Kampar", type: "kabupaten" },
  { id: 1471, provinceId: 14, name: "Kota Pekanbaru", type: "kota" },
  { id: 1472, provinceId: 14, name: "Kota Dumai", type: "kota" },
  // 15 Jambi
  { id: 1505, provinceId: 15, name: "Kabupaten Muaro Jambi", type: "kabupaten" },
  { id: 1571, provinceId: 15, name: "Kota Jambi", type: "kota" },
  // 16 Sumatera Selatan
  { id: 1607, provinceId: 16, name: "Kabupaten Banyuasin", type: "kabupaten" },
  { id: 1671, provinceId: 16, name: "Kota Palembang", type: "kota" },
  // 17 Bengkulu
  { id: 1771, provinceId: 17, name: "Kota Bengkulu", type: "kota" },
  // 18 Lampung
  { id: 1801, provinceId: 18, name: "Kabupaten Lampung Selatan", type: "kabupaten" },
  { id: 1871, provinceId: 18, name: "Kota Bandar Lampung", type: "kota" },
  { id: 1872, provinceId: 18, name: "Kota Metro", type: "kota" },
  // 19 Kepulauan Bangka Belitung
  { id: 1901, provinceId: 19, name: "Kabupaten Bangka", type: "kabupaten" },
  { id: 1971, provinceId: 19, name: "Kota Pangkal Pinang", type: "kota" },
  // 21 Kepulauan Riau
  { id: 2171, provinceId: 21, name: "Kota Batam", type: "kota" },
  { id: 2172, provinceId: 21, name: "Kota Tanjung Pinang", type: "kota" },
  // 31 DKI Jakarta: all six (five kota administrasi + one kabupaten administrasi)
  { id: 3101, provinceId: 31, name: "Kabupaten Kepulauan Seribu", type: "kabupaten" },
  { id: 3171, provinceId: 31, name: "Kota Jakarta Pusat", type: "kota" },
  { id: 3172, provinceId: 31, name: "Kota Jakarta Utara", type: "kota" },
  { id: 3173, provinceId: 31, name: "Kota Jakarta Barat", type: "kota" },
  { id: 3174, provinceId: 31, name: "Kota Jakarta Selatan", type: "kota" },
  { id: 3175, provinceId: 31, name: "Kota Jakarta Timur", type: "kota" },
  // 32 Jawa Barat
  { id: 3201, provinceId: 32, name: "Kabupaten Bogor", type: "kabupaten" },
  { id: 3202, provinceId: 32, name: "Kabupaten Sukabumi", type: "kabupaten" },
  { id: 3203, provinceId: 32, name: "Kabupaten Cianjur", type: "kabupaten" },
  { id: 3204, provinceId: 32, name: "Kabupaten Bandung", type: "kabupaten" },
  { id: 3205, provinceId: 32, name: "Kabupaten Garut", type: "kabupaten" },
  { id: 3209, provinceId: 32, name: "Kabupaten Cirebon", type: "kabupaten" },
  { id: 3215, provinceId: 32, name: "Kabupaten Karawang", type: "kabupaten" },
  { id: 3216, provinceId: 32, name: "Kabupaten Bekasi", type: "kabupaten" },
  { id: 3217, provinceId: 32, name: "Kabupaten Bandung Barat", type: "kabupaten" },
  { id: 3271, provinceId: 32, name: "Kota Bogor", type: "kota" },
  { id: 3272, provinceId: 32, name: "Kota Sukabumi", type: "kota" },
  { id: 3273, provinceId: 32, name: "Kota Bandung", type: "kota" },
  { id: 3274, provinceId: 32, name: "Kota Cirebon", type: "kota" },
  { id: 3275, provinceId: 32, name: "Kota Bekasi", type: "kota" },
  { id: 3276, provinceId: 32, name: "Kota Depok", type: "kota" },
  { id: 3277, provinceId: 32, name: "Kota Cimahi", type: "kota" },
  { id: 3278, provinceId: 32, name: "Kota Tasikmalaya", type: "kota" },
  // 33 Jawa Tengah
  { id: 3301, provinceId: 33, name: "Kabupaten Cilacap", type: "kabupaten" },
  { id: 3302, provinceId: 33, name: "Kabupaten Banyumas", type: "kabupaten" },
  { id: 3310, provinceId: 33, name: "Kabupaten Klaten", type: "kabupaten" },
  { id: 3311, provinceId: 33, name: "Kabupaten Sukoharjo", type: "kabupaten" },
  { id: 3319, provinceId: 33, name: "Kabupaten Kudus", type: "kabupaten" },
  { id: 3320, provinceId: 33, name: "Kabupaten Jepara", type: "kabupaten" },
  { id: 3322, provinceId: 33, name: "Kabupaten Semarang", type: "kabupaten" },
  { id: 3329, provinceId: 33, name: "Kabupaten Brebes", type: "kabupaten" },
  { id: 3371, provinceId: 33, name: "Kota Magelang", type: "kota" },
  { id: 3372, provinceId: 33, name: "Kota Surakarta", type: "kota" },
  { id: 3373, provinceId: 33, name: "Kota Salatiga", type: "kota" },
  { id: 3374, provinceId: 33, name: "Kota Semarang", type: "kota" },
  { id: 3375, provinceId: 33, name: "Kota Pekalongan", type: "kota" },
  { id: 3376, provinceId: 33, name: "Kota Tegal", type: "kota" },
  // 34 DI Yogyakarta: all five
  { id: 3401, provinceId: 34, name: "Kabupaten Kulon Progo", type: "kabupaten" },
  { id: 3402, provinceId: 34, name: "Kabupaten Bantul", type: "kabupaten" },
  { id: 3403, provinceId: 34, name: "Kabupaten Gunungkidul", type: "kabupaten" },
  { id: 3404, provinceId: 34, name: "Kabupaten Sleman", type: "kabupaten" },
  { id: 3471, provinceId: 34, name: "Kota Yogyakarta", type: "kota" },
  // 35 Jawa Timur
  { id: 3507, provinceId: 35, name: "Kabupaten Malang", type: "kabupaten" },
  { id: 3509, provinceId: 35, name: "Kabupaten Jember", type: "kabupaten" },
  { id: 3510, provinceId: 35, name: "Kabupaten Banyuwangi", type: "kabupaten" },
  { id: 3514, provinceId: 35, name: "Kabupaten Pasuruan", type: "kabupaten" },
  { id: 3515, provinceId: 35, name: "Kabupaten Sidoarjo", type: "kabupaten" },
  { id: 3516, provinceId: 35, name: "Kabupaten Mojokerto", type: "kabupaten" },
  { id: 3525, provinceId: 35, name: "Kabupaten Gresik", type: "kabupaten" },
  { id: 3571, provinceId: 35, name: "Kota Kediri", type: "kota" },
  { id: 3573, provinceId: 35, name: "Kota Malang", type: "kota" },
  { id: 3577, provinceId: 35, name: "Kota Madiun", type: "kota" },
  { id: 3578, provinceId: 35, name: "Kota Surabaya", type: "kota" },
  { id: 3579, provinceId: 35, name: "Kota Batu", type: "kota" },
  // 36 Banten
  { id: 3603, provinceId: 36, name: "Kabupaten Tangerang", type: "kabupaten" },
  { id: 3604, provinceId: 36, name: "Kabupaten Serang", type: "kabupaten" },
  { id: 3671, provinceId: 36, name: "Kota Tangerang", type: "kota" },
  { id: 3672, provinceId: 36, name: "Kota Cilegon", type: "kota" },
  { id: 3673, provinceId: 36, name: "Kota Serang", type: "kota" },
  { id: 3674, provinceId: 36, name: "Kota Tangerang Selatan", type: "kota" },
  // 51 Bali
  { id: 5102, provinceId: 51, name: "Kabupaten Tabanan", type: "kabupaten" },
  { id: 5103, provinceId: 51, name: "Kabupaten Badung", type: "kabupaten" },
  { id: 5104, provinceId: 51, name: "Kabupaten Gianyar", type: "kabupaten" },
  { id: 5108, provinceId: 51, name: "Kabupaten Buleleng", type: "kabupaten" },
  { id: 5171, provinceId: 51, name: "Kota Denpasar", type: "kota" },
  // 52 Nusa Tenggara Barat
  { id: 5201, provinceId: 52, name: "Kabupaten Lombok Barat", type: "kabupaten" },
  { id: 5202, provinceId: 52, name: "Kabupaten Lombok Tengah", type: "kabupaten" },
  { id: 5208, provinceId: 52, name: "Kabupaten Lombok Utara", type: "kabupaten" },
  { id: 5271, provinceId: 52, name: "Kota Mataram", type: "kota" },
  // 53 Nusa Tenggara Timur
  { id: 5315, provinceId: 53, name: "Kabupaten Manggarai Barat", type: "kabupaten" },
  { id: 5371, provinceId: 53, name: "Kota Kupang", type: "kota" },
  // 61 Kalimantan Barat
  { id: 6112, provinceId: 61, name: "Kabupaten Kubu Raya", type: "kabupaten" },
  { id: 6171, provinceId: 61, name: "Kota Pontianak", type: "kota" },
  { id: 6172, provinceId: 61, name: "Kota Singkawang", type: "kota" },
  // 62 Kalimantan Tengah
  { id: 6202, provinceId: 62, name: "Kabupaten Kotawaringin Timur", type: "kabupaten" },
  { id: 6271, provinceId: 62, name: "Kota Palangka Raya", type: "kota" },
  // 63 Kalimantan Selatan (capital moved to Banjarbaru in 2022)
  { id: 6303, provinceId: 63, name: "Kabupaten Banjar", type: "kabupaten" },
  { id: 6371, provinceId: 63, name: "Kota Banjarmasin", type: "kota" },
  { id: 6372, provinceId: 63, name: "Kota Banjarbaru", type: "kota" },
  // 64 Kalimantan Timur
  { id: 6402, provinceId: 64, name: "Kabupaten Kutai Kartanegara", type: "kabupaten" },
  { id: 6409, provinceId: 64, name: "Kabupaten Penajam Paser Utara", type: "kabupaten" },
  { id: 6471, provinceId: 64, name: "Kota Balikpapan", type: "kota" },
  { id: 6472, provinceId: 64, name: "Kota Samarinda", type: "kota" },
  { id: 6474, provinceId: 64, name: "Kota Bontang", type: "kota" },
  // 65 Kalimantan Utara (capital Tanjung Selor, Kabupaten Bulungan)
  { id: 6501, provinceId: 65, name: "Kabupaten Bulungan", type: "kabupaten" },
  { id: 6503, provinceId: 65, name: "Kabupaten Nunukan", type: "kabupaten" },
  { id: 6571, provinceId: 65, name: "Kota Tarakan", type: "kota" },
  // 71 Sulawesi Utara
  { id: 7102, provinceId: 71, name: "Kabupaten Minahasa", type: "kabupaten" },
  { id: 7171, provinceId: 71, name: "Kota Manado", type: "kota" },
  { id: 7172, provinceId: 71, name: "Kota Bitung", type: "kota" },
  { id: 7173, provinceId: 71, name: "Kota Tomohon", type: "kota" },
  // 72 Sulawesi Tengah
  { id: 7206, provinceId: 72, name: "Kabupaten Morowali", type: "kabupaten" },
  { id: 7271, provinceId: 72, name: "Kota Palu", type: "kota" },
  // 73 Sulawesi Selatan
  { id: 7306, provinceId: 73, name: "Kabupaten Gowa", type: "kabupaten" },
  { id: 7308, provinceId: 73, name: "Kabupaten Bone", type: "kabupaten" },
  { id: 7309, provinceId: 73, name: "Kabupaten Maros", type: "kabupaten" },
  { id: 7371, provinceId: 73, name: "Kota Makassar", type: "kota" },
  { id: 7372, provinceId: 73, name: "Kota Parepare", type: "kota" },
  { id: 7373, provinceId: 73, name: "Kota Palopo", type: "kota" },
  // 74 Sulawesi Tenggara
  { id: 7471, provinceId: 74, name: "Kota Kendari", type: "kota" },
  { id: 7472, provinceId: 74, name: "Kota Baubau", type: "kota" },
  // 75 Gorontalo
  { id: 7501, provinceId: 75, name: "Kabupaten Gorontalo", type: "kabupaten" },
  { id: 7571, provinceId: 75, name: "Kota Gorontalo", type: "kota" },
  // 76 Sulawesi Barat (capital Mamuju)
  { id: 7602, provinceId: 76, name: "Kabupaten Mamuju", type: "kabupaten" },
  { id: 7604, provinceId: 76, name: "Kabupaten Polewali Mandar", type: "kabupaten" },
  // 81 Maluku
  { id: 8101, provinceId: 81, name: "Kabupaten Maluku Tengah", type: "kabupaten" },
  { id: 8171, provinceId: 81, name: "Kota Ambon", type: "kota" },
  { id: 8172, provinceId: 81, name: "Kota Tual", type: "kota" },
  // 82 Maluku Utara (capital Sofifi, in Kota Tidore Kepulauan)
  { id: 8271, provinceId: 82, name: "Kota Ternate", type: "kota" },
  { id: 8272, provinceId: 82, name: "Kota Tidore Kepulauan", type: "kota" },
  // 91 Papua
  { id: 9103, provinceId: 91, name: "Kabupaten Jayapura", type: "kabupaten" },
  { id: 9106, provinceId: 91, name: "Kabupaten Biak Numfor", type: "kabupaten" },
  { id: 9171, provinceId: 91, name: "Kota Jayapura", type: "kota" },
  // 92 Papua Barat (capital Manokwari)
  { id: 9202, provinceId: 92, name: "Kabupaten Manokwari", type: "kabupaten" },
  { id: 9203, provinceId: 92, name: "Kabupaten Fakfak", type: "kabupaten" },
  // 93 Papua Selatan (capital Merauke)
  { id: 9301, provinceId: 93, name: "Kabupaten Merauke", type: "kabupaten" },
  // 94 Papua Tengah (capital Nabire)
  { id: 9401, provinceId: 94, name: "Kabupaten Nabire", type: "kabupaten" },
  { id: 9404, provinceId: 94, name: "Kabupaten Mimika", type: "kabupaten" },
  // 95 Papua Pegunungan (capital Wamena, Kabupaten Jayawijaya)
  { id: 9501, provinceId: 95, name: "Kabupaten Jayawijaya", type: "kabupaten" },
  // 96 Papua Barat Daya (capital Sorong)
  { id: 9601, provinceId: 96, name: "Kabupaten Sorong", type: "kabupaten" },
  { id: 9603, provinceId: 96, name: "Kabupaten Raja Ampat", type: "kabupaten" },
  { id: 9671, provinceId: 96, name: "Kota Sorong", type: "kota" },
];

// ---------------------------------------------------------------------------------------------
// Villages (kelurahan/desa): SAMPLE with postcodes
// ---------------------------------------------------------------------------------------------
const villageRows: [cityId: number, district: string, name: string, postcode: string][] = [
  // 3101 Kabupaten Kepulauan Seribu
  [3101, "Kepulauan Seribu Utara", "Pulau Panggang", "14530"],
  [3101, "Kepulauan Seribu Utara", "Pulau Kelapa", "14540"],
  [3101, "Kepulauan Seribu Selatan", "Pulau Untung Jawa", "14510"],
  [3101, "Kepulauan Seribu Selatan", "Pulau Tidung", "14520"],
  // 3171 Kota Jakarta Pusat
  [3171, "Gambir", "Gambir", "10110"],
  [3171, "Gambir", "Kebon Kelapa", "10120"],
  [3171, "Gambir", "Petojo Utara", "10130"],
  [3171, "Menteng", "Menteng", "10310"],
  [3171, "Menteng", "Cikini", "10330"],
  [3171, "Menteng", "Gondangdia", "10350"],
  [3171, "Tanah Abang", "Bendungan Hilir", "10210"],
  [3171, "Tanah Abang", "Gelora", "10270"],
  [3171, "Senen", "Senen", "10410"],
  [3171, "Kemayoran", "Kemayoran", "10620"],
  // 3172 Kota Jakarta Utara
  [3172, "Penjaringan", "Penjaringan", "14440"],
  [3172, "Penjaringan", "Pluit", "14450"],
  [3172, "Kelapa Gading", "Kelapa Gading Barat", "14240"],
  [3172, "Kelapa Gading", "Pegangsaan Dua", "14250"],
  [3172, "Tanjung Priok", "Sunter Agung", "14350"],
  [3172, "Pademangan", "Ancol", "14430"],
  [3172, "Koja", "Koja", "14210"],
  // 3173 Kota Jakarta Barat
  [3173, "Grogol Petamburan", "Grogol", "11450"],
  [3173, "Grogol Petamburan", "Tomang", "11440"],
  [3173, "Grogol Petamburan", "Tanjung Duren Utara", "11470"],
  [3173, "Kebon Jeruk", "Kebon Jeruk", "11530"],
  [3173, "Kebon Jeruk", "Kedoya Utara", "11520"],
  [3173, "Taman Sari", "Glodok", "11120"],
  [3173, "Palmerah", "Slipi", "11410"],
  [3173, "Kembangan", "Kembangan Utara", "11610"],
  [3173, "Cengkareng", "Kapuk", "11720"],
  // 3174 Kota Jakarta Selatan
  [3174, "Kebayoran Baru", "Senayan", "12190"],
  [3174, "Kebayoran Baru", "Melawai", "12160"],
  [3174, "Kebayoran Baru", "Gunung", "12120"],
  [3174, "Kebayoran Baru", "Cipete Utara", "12150"],
  [3174, "Setiabudi", "Setiabudi", "12910"],
  [3174, "Setiabudi", "Karet Kuningan", "12940"],
  [3174, "Setiabudi", "Kuningan Timur", "12950"],
  [3174, "Tebet", "Tebet Barat", "12810"],
  [3174, "Mampang Prapatan", "Kuningan Barat", "12710"],
  [3174, "Cilandak", "Lebak Bulus", "12440"],
  [3174, "Pancoran", "Kalibata", "12740"],
  [3174, "Pasar Minggu", "Ragunan", "12550"],
  [3174, "Pesanggrahan", "Bintaro", "12330"],
  // 3175 Kota Jakarta Timur
  [3175, "Pulo Gadung", "Rawamangun", "13220"],
  [3175, "Pulo Gadung", "Kayu Putih", "13210"],
  [3175, "Matraman", "Utan Kayu Utara", "13120"],
  [3175, "Jatinegara", "Kampung Melayu", "13320"],
  [3175, "Kramat Jati", "Cawang", "13630"],
  [3175, "Kramat Jati", "Cililitan", "13640"],
  [3175, "Duren Sawit", "Pondok Bambu", "13430"],
  [3175, "Makasar", "Halim Perdana Kusuma", "13610"],
  [3175, "Ciracas", "Cibubur", "13720"],
  [3175, "Cipayung", "Lubang Buaya", "13810"],
  // 3271 Kota Bogor
  [3271, "Bogor Tengah", "Pabaton", "16121"],
  [3271, "Bogor Tengah", "Sempur", "16129"],
  [3271, "Bogor Timur", "Baranangsiang", "16143"],
  // 3273 Kota Bandung
  [3273, "Sumur Bandung", "Braga", "40111"],
  [3273, "Sumur Bandung", "Merdeka", "40113"],
  [3273, "Sumur Bandung", "Babakan Ciamis", "40117"],
  [3273, "Bandung Wetan", "Citarum", "40115"],
  [3273, "Bandung Wetan", "Tamansari", "40116"],
  [3273, "Coblong", "Lebak Siliwangi", "40132"],
  [3273, "Coblong", "Sekeloa", "40134"],
  [3273, "Coblong", "Dago", "40135"],
  [3273, "Sukasari", "Isola", "40154"],
  [3273, "Sukajadi", "Pasteur", "40161"],
  [3273, "Cidadap", "Ciumbuleuit", "40142"],
  [3273, "Lengkong", "Turangga", "40264"],
  // 3275 Kota Bekasi
  [3275, "Bekasi Barat", "Kranji", "17135"],
  [3275, "Bekasi Selatan", "Kayuringin Jaya", "17144"],
  [3275, "Medan Satria", "Harapan Mulya", "17143"],
  // 3374 Kota Semarang
  [3374, "Semarang Tengah", "Sekayu", "50132"],
  [3374, "Semarang Tengah", "Miroto", "50134"],
  [3374, "Semarang Utara", "Tanjung Mas", "50174"],
  [3374, "Semarang Selatan", "Pleburan", "50241"],
  [3374, "Candisari", "Jatingaleh", "50254"],
  [3374, "Banyumanik", "Banyumanik", "50264"],
  [3374, "Tembalang", "Tembalang", "50275"],
  // 3471 Kota Yogyakarta
  [3471, "Gedongtengen", "Sosromenduran", "55271"],
  [3471, "Danurejan", "Suryatmajan", "55213"],
  [3471, "Gondokusuman", "Terban", "55223"],
  [3471, "Gondokusuman", "Kotabaru", "55224"],
  [3471, "Gondomanan", "Ngupasan", "55122"],
  [3471, "Kraton", "Patehan", "55133"],
  [3471, "Umbulharjo", "Giwangan", "55163"],
  [3471, "Kotagede", "Prenggan", "55172"],
  // 3578 Kota Surabaya
  [3578, "Genteng", "Embong Kaliasin", "60271"],
  [3578, "Genteng", "Ketabang", "60272"],
  [3578, "Genteng", "Genteng", "60275"],
  [3578, "Tegalsari", "Keputran", "60265"],
  [3578, "Gubeng", "Gubeng", "60281"],
  [3578, "Gubeng", "Airlangga", "60286"],
  [3578, "Wonokromo", "Darmo", "60241"],
  [3578, "Sukolilo", "Keputih", "60111"],
  [3578, "Mulyorejo", "Mulyorejo", "60115"],
  [3578, "Rungkut", "Rungkut Kidul", "60293"],
  // 3671 Kota Tangerang
  [3671, "Tangerang", "Sukarasa", "15111"],
  [3671, "Tangerang", "Cikokol", "15117"],
  [3671, "Tangerang", "Babakan", "15118"],
  [3671, "Karawaci", "Karawaci", "15115"],
  [3671, "Batuceper", "Batuceper", "15122"],
  [3671, "Cipondoh", "Cipondoh", "15148"],
  // 3674 Kota Tangerang Selatan
  [3674, "Serpong", "Serpong", "15311"],
  [3674, "Serpong", "Lengkong Gudang", "15321"],
  [3674, "Pondok Aren", "Jurangmangu Timur", "15222"],
  [3674, "Pondok Aren", "Pondok Aren", "15224"],
  // 5103 Kabupaten Badung
  [5103, "Kuta", "Kuta", "80361"],
  [5103, "Kuta", "Legian", "80361"],
  [5103, "Kuta", "Seminyak", "80361"],
  // 5171 Kota Denpasar
  [5171, "Denpasar Selatan", "Sesetan", "80223"],
  [5171, "Denpasar Selatan", "Panjer", "80225"],
  [5171, "Denpasar Selatan", "Renon", "80226"],
  [5171, "Denpasar Selatan", "Sanur", "80228"],
  [5171, "Denpasar Barat", "Dauh Puri", "80113"],
  [5171, "Denpasar Barat", "Pemecutan", "80119"],
  [5171, "Denpasar Timur", "Kesiman", "80237"],
  [5171, "Denpasar Utara", "Ubung", "80116"],
  // 1271 Kota Medan
  [1271, "Medan Barat", "Kesawan", "20111"],
  [1271, "Medan Barat", "Glugur Kota", "20115"],
  [1271, "Medan Petisah", "Sekip", "20113"],
  [1271, "Medan Baru", "Petisah Hulu", "20153"],
  [1271, "Medan Baru", "Darat", "20153"],
  [1271, "Medan Baru", "Padang Bulan", "20155"],
  [1271, "Medan Polonia", "Polonia", "20157"],
  // 7371 Kota Makassar
  [7371, "Ujung Pandang", "Bulogading", "90111"],
  [7371, "Ujung Pandang", "Losari", "90112"],
  [7371, "Ujung Pandang", "Maloku", "90112"],
  [7371, "Ujung Pandang", "Sawerigading", "90113"],
  [7371, "Rappocini", "Gunung Sari", "90221"],
  [7371, "Rappocini", "Rappocini", "90222"],
  [7371, "Panakkukang", "Pandang", "90231"],
  [7371, "Tamalanrea", "Tamalanrea", "90245"],
];

export const villages: Village[] = villageRows.map(([cityId, district, name, postcode], i) => ({
  id: i + 1,
  cityId,
  district,
  name,
  postcode,
}));

// ---------------------------------------------------------------------------------------------
// Banks: Bank Indonesia 3-digit codes
// ---------------------------------------------------------------------------------------------
export const banks: Bank[] = [
  // State-owned (Himbara)
  { code: "002", name: "PT Bank Rakyat Indonesia (Persero) Tbk", shortName: "BRI" },
  { code: "008", name: "PT Bank Mandiri (Persero) Tbk", shortName: "Mandiri" },
  { code: "009", name: "PT Bank Negara Indonesia (Persero) Tbk", shortName: "BNI" },
  { code: "200", name: "PT Bank Tabungan Negara (Persero) Tbk", shortName: "BTN" },
  { code: "451", name: "PT Bank Syariah Indonesia Tbk", shortName: "BSI" },
  // Private / foreign-owned national banks
  { code: "011", name: "PT Bank Danamon Indonesia Tbk", shortName: "Danamon" },
  { code: "013", name: "PT Bank Permata Tbk", shortName: "Permata" },
  { code: "014", name: "PT Bank Central Asia Tbk", shortName: "BCA" },
  { code: "016", name: "PT Bank Maybank Indonesia Tbk", shortName: "Maybank" },
  { code: "019", name: "PT Bank Pan Indonesia Tbk", shortName: "Panin" },
  { code: "022", name: "PT Bank CIMB Niaga Tbk", shortName: "CIMB Niaga" },
  { code: "023", name: "PT Bank UOB Indonesia", shortName: "UOB" },
  { code: "028", name: "PT Bank OCBC NISP Tbk", shortName: "OCBC" },
  { code: "037", name: "PT Bank Artha Graha Internasional Tbk", shortName: "Artha Graha" },
  { code: "046", name: "PT Bank DBS Indonesia", shortName: "DBS" },
  { code: "054", name: "PT Bank Capital Indonesia Tbk", shortName: "Bank Capital" },
  { code: "087", name: "PT Bank HSBC Indonesia", shortName: "HSBC" },
  { code: "097", name: "PT Bank Mayapada Internasional Tbk", shortName: "Mayapada" },
  { code: "147", name: "PT Bank Muamalat Indonesia Tbk", shortName: "Muamalat" },
  { code: "151", name: "PT Bank Mestika Dharma Tbk", shortName: "Bank Mestika" },
  { code: "153", name: "PT Bank Sinarmas Tbk", shortName: "Bank Sinarmas" },
  { code: "157", name: "PT Bank Maspion Indonesia Tbk", shortName: "Bank Maspion" },
  { code: "161", name: "PT Bank Ganesha Tbk", shortName: "Bank Ganesha" },
  { code: "164", name: "PT Bank ICBC Indonesia", shortName: "ICBC" },
  { code: "167", name: "PT Bank QNB Indonesia Tbk", shortName: "QNB" },
  { code: "212", name: "PT Bank Woori Saudara Indonesia 1906 Tbk", shortName: "Woori Saudara" },
  { code: "213", name: "PT Bank SMBC Indonesia Tbk (Jenius)", shortName: "SMBC Indonesia / Jenius" },
  { code: "426", name: "PT Bank Mega Tbk", shortName: "Bank Mega" },
  { code: "441", name: "PT Bank KB Indonesia Tbk", shortName: "KB Bank" },
  { code: "484", name: "PT Bank KEB Hana Indonesia (LINE Bank)", shortName: "Hana Bank" },
  { code: "503", name: "PT Bank Nationalnobu Tbk", shortName: "Nobu" },
  { code: "513", name: "PT Bank Ina Perdana Tbk", shortName: "Bank Ina" },
  { code: "523", name: "PT Bank Sahabat Sampoerna", shortName: "Bank Sampoerna" },
  { code: "526", name: "PT Bank Oke Indonesia Tbk", shortName: "Bank Oke" },
  { code: "548", name: "PT Bank Multiarta Sentosa Tbk", shortName: "Bank MAS" },
  { code: "553", name: "PT Bank Mayora", shortName: "Bank Mayora" },
  { code: "555", name: "PT Bank Index Selindo", shortName: "Bank Index" },
  { code: "564", name: "PT Bank Mandiri Taspen", shortName: "Bank Mantap" },
  { code: "566", name: "PT Bank Victoria International Tbk", shortName: "Bank Victoria" },
  // Foreign bank branches
  { code: "031", name: "Citibank N.A.", shortName: "Citibank" },
  { code: "042", name: "MUFG Bank, Ltd.", shortName: "MUFG" },
  { code: "050", name: "Standard Chartered Bank", shortName: "Standard Chartered" },
  // Digital banks
  { code: "490", name: "PT Bank Neo Commerce Tbk", shortName: "Bank Neo Commerce" },
  { code: "485", name: "PT Bank MNC Internasional Tbk (Motion Bank)", shortName: "Motion Bank" },
  { code: "494", name: "PT Bank Raya Indonesia Tbk", shortName: "Bank Raya" },
  { code: "501", name: "PT Bank Digital BCA (blu)", shortName: "blu by BCA Digital" },
  { code: "531", name: "PT Bank Amar Indonesia Tbk (Tunaiku)", shortName: "Bank Amar" },
  { code: "535", name: "PT Bank SeaBank Indonesia", shortName: "SeaBank" },
  { code: "542", name: "PT Bank Jago Tbk", shortName: "Bank Jago" },
  { code: "567", name: "PT Allo Bank Indonesia Tbk", shortName: "Allo Bank" },
  // Sharia banks
  { code: "425", name: "PT Bank Jabar Banten Syariah", shortName: "BJB Syariah" },
  { code: "506", name: "PT Bank Mega Syariah", shortName: "Bank Mega Syariah" },
  { code: "517", name: "PT Bank Panin Dubai Syariah Tbk", shortName: "Panin Dubai Syariah" },
  { code: "521", name: "PT Bank KB Bukopin Syariah", shortName: "KB Bukopin Syariah" },
  { code: "536", name: "PT Bank BCA Syariah", shortName: "BCA Syariah" },
  { code: "547", name: "PT Bank BTPN Syariah Tbk", shortName: "BTPN Syariah" },
  // Regional development banks (BPD)
  { code: "110", name: "PT Bank Pembangunan Daerah Jawa Barat dan Banten Tbk", shortName: "bank bjb" },
  { code: "111", name: "PT Bank DKI", shortName: "Bank DKI" },
  { code: "112", name: "PT Bank Pembangunan Daerah Daerah Istimewa Yogyakarta", shortName: "Bank BPD DIY" },
  { code: "113", name: "PT Bank Pembangunan Daerah Jawa Tengah", shortName: "Bank Jateng" },
  { code: "114", name: "PT Bank Pembangunan Daerah Jawa Timur Tbk", shortName: "Bank Jatim" },
  { code: "116", name: "PT Bank Aceh Syariah", shortName: "Bank Aceh Syariah" },
  { code: "117", name: "PT Bank Pembangunan Daerah Sumatera Utara", shortName: "Bank Sumut" },
  { code: "118", name: "PT Bank Pembangunan Daerah Sumatera Barat", shortName: "Bank Nagari" },
  { code: "120", name: "PT Bank Pembangunan Daerah Sumatera Selatan dan Bangka Belitung", shortName: "Bank Sumsel Babel" },
  { code: "124", name: "PT Bank Pembangunan Daerah Kalimantan Timur dan Kalimantan Utara", shortName: "Bankaltimtara" },
  { code: "126", name: "PT Bank Pembangunan Daerah Sulawesi Selatan dan Sulawesi Barat", shortName: "Bank Sulselbar" },
  { code: "128", name: "PT Bank NTB Syariah", shortName: "Bank NTB Syariah" },
  { code: "129", name: "PT Bank Pembangunan Daerah Bali", shortName: "Bank BPD Bali" },
  { code: "132", name: "PT Bank Pembangunan Daerah Papua", shortName: "Bank Papua" },
  { code: "137", name: "PT Bank Pembangunan Daerah Banten Tbk", shortName: "Bank Banten" },
];

// ---------------------------------------------------------------------------------------------
// Couriers and their services
// ---------------------------------------------------------------------------------------------
export const couriers: Courier[] = [
  {
    code: "jne",
    name: "JNE",
    group: "regular",
    services: [
      { code: "REG", name: "Layanan Reguler", group: "regular" },
      { code: "YES", name: "Yakin Esok Sampai", group: "regular" },
      { code: "OKE", name: "Ongkos Kirim Ekonomis", group: "regular" },
      { code: "JTR", name: "JNE Trucking", group: "cargo" },
    ],
  },
  {
    code: "jnt",
    name: "J&T Express",
    group: "regular",
    services: [
      { code: "EZ", name: "Reguler", group: "regular" },
      { code: "JSD", name: "J&T Same Day", group: "same_day" },
    ],
  },
  {
    code: "sicepat",
    name: "SiCepat Ekspres",
    group: "regular",
    services: [
      { code: "REG", name: "SIUNTUNG (Reguler)", group: "regular" },
      { code: "BEST", name: "Besok Sampai Tujuan", group: "regular" },
      { code: "GOKIL", name: "Cargo (GOKIL)", group: "cargo" },
    ],
  },
  {
    code: "anteraja",
    name: "AnterAja",
    group: "regular",
    services: [
      { code: "REG", name: "Regular", group: "regular" },
      { code: "ND", name: "Next Day", group: "regular" },
      { code: "SD", name: "Same Day", group: "same_day" },
    ],
  },
  {
    code: "pos",
    name: "Pos Indonesia",
    group: "regular",
    services: [
      { code: "Pos Reguler", name: "Pos Reguler", group: "regular" },
      { code: "Pos Nextday", name: "Pos Nextday", group: "regular" },
    ],
  },
  {
    code: "tiki",
    name: "TIKI",
    group: "regular",
    services: [
      { code: "REG", name: "Regular Service", group: "regular" },
      { code: "ECO", name: "Economy Service", group: "regular" },
      { code: "ONS", name: "Over Night Service", group: "regular" },
    ],
  },
  {
    code: "ninja",
    name: "Ninja Xpress",
    group: "regular",
    services: [{ code: "STANDARD", name: "Standard", group: "regular" }],
  },
  {
    code: "lion",
    name: "Lion Parcel",
    group: "regular",
    services: [
      { code: "REGPACK", name: "Regpack", group: "regular" },
      { code: "ONEPACK", name: "Onepack", group: "regular" },
      { code: "JAGOPACK", name: "Jagopack", group: "regular" },
      { code: "BIGPACK", name: "Bigpack", group: "cargo" },
    ],
  },
  {
    code: "ide",
    name: "ID Express",
    group: "regular",
    services: [{ code: "STD", name: "Standard", group: "regular" }],
  },
  {
    code: "gosend",
    name: "GoSend",
    group: "instant",
    services: [
      { code: "INSTANT", name: "Instant", group: "instant" },
      { code: "SAMEDAY", name: "Same Day", group: "same_day" },
    ],
  },
  {
    code: "grab",
    name: "GrabExpress",
    group: "instant",
    services: [
      { code: "INSTANT", name: "Instant", group: "instant" },
      { code: "SAMEDAY", name: "Same Day", group: "same_day" },
    ],
  },
  {
    code: "paxel",
    name: "Paxel",
    group: "same_day",
    services: [
      { code: "SAMEDAY", name: "Same Day", group: "same_day" },
      { code: "NEXTDAY", name: "Next Day", group: "regular" },
    ],
  },
];

// ---------------------------------------------------------------------------------------------
// Currencies and languages
// ---------------------------------------------------------------------------------------------
export const currencies: Currency[] = [
  { code: "IDR", name: "Indonesian Rupiah", symbol: "Rp.", decimals: 0 },
  { code: "USD", name: "US Dollar", symbol: "$", decimals: 2 },
  { code: "SGD", name: "Singapore Dollar", symbol: "S$", decimals: 2 },
  { code: "MYR", name: "Malaysian Ringgit", symbol: "RM", decimals: 2 },
  { code: "CNY", name: "Chinese Yuan", symbol: "¥", decimals: 2 },
  { code: "JPY", name: "Japanese Yen", symbol: "¥", decimals: 0 },
  { code: "EUR", name: "Euro", symbol: "€", decimals: 2 },
  { code: "AUD", name: "Australian Dollar", symbol: "A$", decimals: 2 },
];

export const languages: Language[] = [
  { code: "en", name: "English", nativeName: "English" },
  { code: "id", name: "Indonesian", nativeName: "Bahasa Indonesia" },
  { code: "jv", name: "Javanese", nativeName: "Basa Jawa" },
  { code: "su", name: "Sundanese", nativeName: "Basa Sunda" },
  { code: "ms", name: "Malay", nativeName: "Bahasa Melayu" },
  { code: "zh", name: "Chinese", nativeName: "中文" },
  { code: "ja", name: "Japanese", nativeName: "日本語" },
  { code: "ko", name: "Korean", nativeName: "한국어" },
  { code: "ar", name: "Arabic", nativeName: "العربية" },
];

// ---------------------------------------------------------------------------------------------
// Enumerations from the spec
// ---------------------------------------------------------------------------------------------
/** Product gender audience. */
export const genders: IdName[] = [
  { id: 0, name: "All" },
  { id: 1, name: "Female" },
  { id: 2, name: "Male" },
  { id: 3, name: "Girls" },
  { id: 4, name: "Boy" },
  { id: 5, name: "Unisex" },
  { id: 6, name: "Unisex (Kids)" },
];

/** Payment method groups (id 1 is intentionally unused). */
export const paymentMethods: IdName[] = [
  { id: 0, name: "Membership" },
  { id: 2, name: "Instant" },
  { id: 3, name: "Virtual Account" },
  { id: 4, name: "E-Wallet" },
  { id: 5, name: "Payment Point" },
  { id: 6, name: "Cardless Credit" },
];

export const businessTypes: IdName[] = [
  { id: 1, name: "Manufacture" },
  { id: 2, name: "Retail" },
  { id: 3, name: "Distribution" },
  { id: 4, name: "Food & Beverages" },
];

// Legal types and company documents: db/schema/company-enums.ts (small enough for the browser).
