/**
 * Accounts and sessions on a shared kiosk (issue 12): what a signed-in page lets the browser keep.
 */
import { describe, expect, it } from "vitest";
import * as dashboard from "#app/routes/admin/dashboard.tsx";
import * as becomeSeller from "#app/routes/become-seller/index.tsx";
import * as signInPage from "#app/routes/auth/sign-in.tsx";
import { DEMO } from "#tests/demo-accounts.ts";
import { runLoader } from "./harness.ts";

describe("signed-in answers", () => {
  it("are never stored by the browser, pages and their .data alike", async () => {
    for (const url of ["/dashboard", "/id/dashboard.data"]) {
      const res = await runLoader(dashboard, { url, as: DEMO.seller });
      expect(res.status).toBe(200);
      expect(res.headers.get("Cache-Control")).toBe("no-store");
    }
    const newbie = await runLoader(becomeSeller, { url: "/become-seller", as: DEMO.newbie, area: "seller-signup" });
    expect(newbie.headers.get("Cache-Control")).toBe("no-store");
  });

  it("but the sign-in page is not a signed-in answer", async () => {
    const res = await runLoader(signInPage, { url: "/auth", area: "public" });
    expect(res.headers.get("Cache-Control")).toBeNull();
  });
});
