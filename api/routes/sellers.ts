/**
 * Becoming a seller (spec section 7 "POST /v0.0.0/sellers/register"):
 *
 *   POST /v0.0.0/sellers/register               multipart (documents[] files with document_types[]
 *                                               beside them, in the same order) or JSON (documents:
 *                                               [{ type, url }] naming files uploaded before)
 *   POST /v0.0.0/demo/businesses/{id}/approve   demo mode, from this machine only: the owner approves their own company
 *
 * The rules and their decisions are core/business/sellers.ts; this file reads the request's
 * parts and is the REST adapter over it.
 */
import { Hono, type Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import { MAX_DOCUMENTS } from "#db/schema/company-enums.ts";
import { approveDemoBusiness, registerSeller, type Registration } from "#core/business/sellers.ts";
import { Refused } from "#core/errors.ts";
import { MAX_UPLOAD_BYTES } from "#core/lib/uploads.ts";
import { requireAuth } from "#api/lib/auth.ts";
import { peerOf } from "#api/lib/client-ip.ts";
import type { ApiEnv } from "#api/lib/env.ts";
import { ok } from "#api/lib/http.ts";

export const sellerRoutes = new Hono<ApiEnv>();

/** The fields, and the documents as files (multipart) or as URLs of earlier uploads (JSON). */
async function readRegistration(c: Context<ApiEnv>): Promise<Registration> {
  const type = c.req.header("content-type") ?? "";
  if (type.includes("multipart/form-data") || type.includes("application/x-www-form-urlencoded")) {
    const form = await c.req.formData();
    const fields: Record<string, unknown> = {};
    for (const [k, v] of form) if (typeof v === "string" && !k.endsWith("[]")) fields[k] = v;
    const types = form.getAll("document_types[]").map(String);
    const files = form.getAll("documents[]").flatMap((f, i) => (f instanceof File && f.size > 0 ? [{ file: f, type: types[i] }] : []));
    return { fields, files };
  }
  const json = ((await c.req.json().catch(() => ({}))) ?? {}) as Record<string, unknown>;
  return { fields: json, linked: json.documents ?? [] };
}

sellerRoutes.post(
  "/v0.0.0/sellers/register",
  requireAuth,
  bodyLimit({ maxSize: MAX_DOCUMENTS * (MAX_UPLOAD_BYTES + 64 * 1024), onError: () => { throw new Refused("api:upload.too_big"); } }),
  async (c) => ok(c, await registerSeller(c.var.scope, await readRegistration(c)), "seller:api.registered"),
);

sellerRoutes.post("/v0.0.0/demo/businesses/:id{[0-9]+}/approve", requireAuth, async (c) =>
  ok(c, await approveDemoBusiness(c.var.scope, Number(c.req.param("id")), peerOf(c)), "seller:api.approved"));
