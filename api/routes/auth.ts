import { Hono } from "hono";
import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import { db } from "../../db/client.ts";
import { apiTokens, users } from "../../db/schema/index.ts";
import { issueToken, requireAuth } from "../lib/auth.ts";
import type { ApiEnv } from "../lib/env.ts";
import { ApiError, input, ok } from "../lib/http.ts";
import { verifyPassword } from "../lib/password.ts";
import { hit } from "../lib/rate-limit.ts";
import { normalizePhone } from "../lib/phone.ts";

export const authRoutes = new Hono<ApiEnv>();

const login = z
  .object({
    email: z.string().trim().email("email_invalid").optional(),
    phone: z.string().trim().min(6, "phone_invalid").optional(),
    password: z.string().min(1, "required"),
  })
  .refine((v) => v.email || v.phone, { message: "email_or_phone", path: ["email"] });

/** Sign-in for the web and for API clients (POS app, scripts): answers data.token, the bearer token. */
authRoutes.post("/v0.0/auth/login", async (c) => {
  const body = await input(c, login);
  const ip = c.req.header("x-forwarded-for")?.split(",")[0]?.trim() || "local";
  const who = (body.email ?? normalizePhone(body.phone!)).toLowerCase();
  const limited = (await hit(`login:id:${who}`, 10, 900)) || (await hit(`login:ip:${ip}`, 50, 900));
  if (limited) throw new ApiError(429, "api:errors.too_many_attempts", undefined, { seconds: limited });
  const [user] = await db
    .select()
    .from(users)
    .where(body.email ? eq(sql`lower(${users.email})`, body.email.toLowerCase()) : eq(users.phone, normalizePhone(body.phone!)))
    .limit(1);
  if (!user || !(await verifyPassword(body.password, user.passwordHash))) {
    throw new ApiError(422, "api:errors.invalid_login", { password: [c.var.t("api:errors.invalid_login")] });
  }
  const token = await issueToken(user.id);
  return ok(c, { token, user: { id: user.id, name: user.name, email: user.email, phone: user.phone } }, "api:auth.signed_in");
});

authRoutes.post("/v0.0/auth/logout", requireAuth, async (c) => {
  await db.update(apiTokens).set({ revokedAt: new Date() }).where(eq(apiTokens.id, c.var.tokenId));
  return ok(c, null, "api:auth.signed_out");
});

