/**
 * The business's payout bank accounts (spec section 7 "Banks"):
 *
 *   GET  /v0.0.0/banks                          the accounts, default first
 *   POST /v0.0.0/banks/create
 *   POST /v0.0.0/banks/set_default              bank_account_id
 *   POST /v0.0.0/utilities/banks/check_account
 *
 * GET /v0.0.0/utilities/banks stays the reference list of banks (api/routes/utilities.ts). A store
 * names one of these accounts (api/routes/stores.ts). The rules, the account check and their
 * decisions are core/business/banks.ts; this file is the REST adapter over them.
 */
import { Hono } from "hono";
import {
  accountCheckMessage, checkBankAccount, createBankAccount, listBankAccounts, setDefaultBankAccount, setDefaultBankBody,
} from "#core/business/banks.ts";
import { bankAccountBody, checkAccountBody } from "#core/profile/store-schema.ts";
import { requireAuth, requireSeller } from "#api/lib/auth.ts";
import type { ApiEnv } from "#api/lib/env.ts";
import { input, ok, whole } from "#api/lib/http.ts";

export const bankRoutes = new Hono<ApiEnv>();
const seller = [requireAuth, requireSeller] as const;

bankRoutes.get("/v0.0.0/banks", ...seller, async (c) => whole(c, await listBankAccounts(c.var.scope)));

bankRoutes.post("/v0.0.0/utilities/banks/check_account", ...seller, async (c) => {
  const result = await checkBankAccount(c.var.scope, await input(c, checkAccountBody));
  return ok(c, result, accountCheckMessage(result));
});

bankRoutes.post("/v0.0.0/banks/create", ...seller, async (c) =>
  ok(c, await createBankAccount(c.var.scope, await input(c, bankAccountBody)), "store:api.bank_created"));

bankRoutes.post("/v0.0.0/banks/set_default", ...seller, async (c) => {
  const body = await input(c, setDefaultBankBody);
  return ok(c, await setDefaultBankAccount(c.var.scope, body.bank_account_id), "store:api.bank_default_set");
});
