import { describe, expect, it } from "vitest";
import { printQuery, readPrintParams } from "./order-print.ts";

const read = (q: string, view: Parameters<typeof readPrintParams>[1] = "print-invoice") => readPrintParams(new URLSearchParams(q), view);

describe("the print pages' URL", () => {
  it("takes a comma list and repeated ids together, once each, in the order given", () => {
    expect(read("ids=3,1&id=7&id=3&ids=2").ids).toEqual([3, 1, 2, 7]);
  });

  it("ignores what is not a positive whole number (a hand-edited URL)", () => {
    expect(read("ids=1,abc,,0,-4,2.5, 9 ,12345678901").ids).toEqual([1, 9]);
    expect(read("").ids).toEqual([]);
  });

  it("prints labels on label paper and the rest on A4 unless asked, and falls back on unknown papers", () => {
    expect(read("ids=1", "print-label").paper).toBe("label");
    expect(read("ids=1", "print-picklist").paper).toBe("a4");
    expect(read("ids=1&paper=label", "print-invoice").paper).toBe("label");
    expect(read("ids=1&paper=letter", "print-label").paper).toBe("label");
  });

  it("writes the compact form back, the paper only when it is not the view's default", () => {
    expect(printQuery("print-label", { ids: [4, 2], paper: "label" })).toBe("ids=4%2C2");
    expect(printQuery("print-label", { ids: [4, 2], paper: "a4" })).toBe("ids=4%2C2&paper=a4");
  });
});
