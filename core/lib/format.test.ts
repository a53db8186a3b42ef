import { describe, expect, it } from "vitest";
import { formatDate, formatDateTime, formatNumber, formatRupiah } from "./format.ts";

describe("how money and dates are shown", () => {
  it("writes rupiah with dot thousands", () => {
    expect(formatRupiah(1250000)).toBe("Rp. 1.250.000");
    expect(formatRupiah(0)).toBe("Rp. 0");
    expect(formatRupiah(999)).toBe("Rp. 999");
    expect(formatRupiah(-45000)).toBe("-Rp. 45.000");
    expect(formatNumber(1234567)).toBe("1.234.567");
  });

  it("writes dates DD-MM-YYYY in WIB, whatever the machine's zone", () => {
    // 2026-11-20 17:30 UTC is 2026-11-21 00:30 WIB.
    const t = Date.UTC(2026, 10, 20, 17, 30) / 1000;
    expect(formatDate(t)).toBe("21-11-2026");
    expect(formatDateTime(t)).toBe("21-11-2026 00:30");
    expect(formatDate(null)).toBe("-");
  });
});
