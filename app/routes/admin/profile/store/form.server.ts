/**
 * The server half of the store form (app/components/store-form.tsx), shared by add.tsx and edit.tsx:
 * what the form needs (cities, villages, the company's bank accounts, the reference banks, the
 * courier tree) and its action. The action answers { result, bank }: `result` is Conform's reply
 * (what was typed stays; errors per field), `bank` the inline bank account step's outcome.
 *
 * Intents: save (the store: core/profile/stores-save.ts createStore / updateStore); check-bank and
 * add-bank (core/business/banks.ts checkBankAccount / createBankAccount, then the new account is
 * chosen for the store), both without saving the store and without checking its fields. The photo
 * is uploaded first (imageFromForm), so a failed step keeps it. Each call is the one the REST API
 * makes, and a success says what the API says.
 */
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { TFunction } from "i18next";
import { data, redirect, type RouterContextProvider } from "react-router";
import { z } from "zod";
import { accountCheckMessage, checkBankAccount, createBankAccount, listBankAccounts } from "#core/business/banks.ts";
import { parseInput, Refused } from "#core/errors.ts";
import { translator } from "#core/i18n.ts";
import { bankAccountBody, checkAccountBody, checkbox, storeBody } from "#core/profile/store-schema.ts";
import type { StoreJson } from "#core/profile/stores.ts";
import { createStore, updateStore } from "#core/profile/stores-save.ts";
import { listBanks, listDeliveryCouriers } from "#core/utilities/reference.ts";
import { PinPointField, type BankStep } from "#app/components/store-form.tsx";
import { can, getScope } from "#app/lib/auth.server.ts";
import { replyRefused } from "#app/lib/forms.server.ts";
import { getLocale } from "#app/lib/i18n.server.ts";
import { localePath } from "#app/lib/i18n.ts";
import { loadPlaces } from "#app/lib/places.server.ts";
import { flashToast } from "#app/lib/session.server.ts";
import { imageFromForm } from "#app/lib/uploads.server.ts";

type Args = { request: Request; context: Readonly<RouterContextProvider> };

export async function loadStoreFormData(args: Args, cityId: number | null | undefined) {
  const scope = getScope(args.context);
  const [places, , bankAccounts, banks, couriers] = await Promise.all([
    loadPlaces(args, cityId),
    // The map picker part is rendered on the server in full (app/components/store-lazy.tsx).
    PinPointField.ready(),
    listBankAccounts(scope),
    listBanks(scope),
    listDeliveryCouriers(scope),
  ]);
  // Adding a bank account needs "profile.bank" (core/auth/privileges.ts): without it the form says so
  // instead of offering a button that leads to the 403 page.
  return { places, bankAccounts, banks, couriers, canAddBank: can(args.context, "profile.bank") };
}

/** The form's values of a saved store (checkboxes "on", ids as strings). */
export function storeDefaults(s: StoreJson) {
  const other = s.delivery_address_type === 2;
  const on = (v: boolean) => (v ? "on" : "");
  return {
    name: s.name,
    type: String(s.type),
    image: s.image ?? "",
    email: s.email ?? "",
    phone: s.phone ?? "",
    address: s.location_data.address,
    city_id: String(s.location_data.location_id),
    village_id: s.location_data.village_id ? String(s.location_data.village_id) : "",
    postcode: s.location_data.postcode ?? "",
    latitude: s.location_data.latitude ?? "",
    longitude: s.location_data.longitude ?? "",
    is_pickup_at_store: on(s.is_pickup_at_store),
    delivery_address_type: String(s.delivery_address_type),
    delivery_address: other ? s.delivery_location_data.address ?? "" : "",
    delivery_city_id: other && s.delivery_location_data.location_id ? String(s.delivery_location_data.location_id) : "",
    delivery_postcode: other ? s.delivery_location_data.postcode ?? "" : "",
    bank_account_id: s.bank_data ? String(s.bank_data.bank_account_id) : "",
    process_day: String(s.process_day),
    courier_service_ids: s.courier_service_ids.map(String),
    order_finished: s.customer_feedback_data.order_finished ?? "",
    order_finished_is_active: on(s.customer_feedback_data.order_finished_is_active),
    order_returned: s.customer_feedback_data.order_returned ?? "",
    order_returned_is_active: on(s.customer_feedback_data.order_returned_is_active),
  };
}

/** The inline "add a bank account" fields of the store form. */
const bankInline = z.object({
  bank_code: z.string({ error: "required" }).trim().min(1, "required"),
  bank_account_name: z.string({ error: "required" }).trim().min(1, "required"),
  bank_account_no: z.string({ error: "required" }).trim().min(1, "required"),
  bank_is_default: checkbox,
});
const BANK_FIELDS: Record<string, string> = { bank_code: "bank_code", account_name: "bank_account_name", account_no: "bank_account_no" };

type Reply = SubmissionResult<string[]>;
const answer = (result: Reply, bank: BankStep, status = 200) => data({ result, bank }, { status });

/** A refusal of the bank step: its messages next to the inline fields (renamed), anything else above the form. */
function bankErrors(t: TFunction, err: unknown) {
  if (!(err instanceof Refused)) throw err;
  const fieldErrors: Record<string, string[]> = {};
  let formErrors: string[] = err.fields ? [] : [t(err.message, err.vars)];
  for (const [key, keys] of Object.entries(err.fields ?? {})) {
    const messages = keys.map((k) => t(k, err.vars));
    if (key === "_form") formErrors = messages;
    else fieldErrors[BANK_FIELDS[key] ?? key] = messages;
  }
  return { fieldErrors, formErrors };
}

export async function storeFormAction(args: Args, target: { id?: number }) {
  const formData = await args.request.formData();
  const intent = String(formData.get("intent") ?? "save");
  const image = await imageFromForm(args, formData, "image");
  const nonce = Date.now();
  const t = translator(getLocale(args.context));

  if (intent === "check-bank" || intent === "add-bank") {
    const submission = parseWithZod(formData, { schema: bankInline });
    if (submission.status !== "success") return answer(submission.reply(), { nonce }, 400);
    const v = submission.value;
    // The API's bodies, checked by their own schemas (refusals name the API's fields: renamed back).
    const raw = { bank_code: v.bank_code, account_name: v.bank_account_name, account_no: v.bank_account_no, is_default: v.bank_is_default };
    const scope = getScope(args.context);
    let added: Awaited<ReturnType<typeof createBankAccount>>;
    try {
      if (intent === "check-bank") {
        const check = await checkBankAccount(scope, parseInput(checkAccountBody, raw));
        return answer(submission.reply(), { nonce, check, checkMessage: t(accountCheckMessage(check)) });
      }
      added = await createBankAccount(scope, parseInput(bankAccountBody, raw));
    } catch (e) {
      return answer(submission.reply(bankErrors(t, e)), { nonce }, 400);
    }
    flashToast(args.context, "success", t("store:api.bank_created"));
    // The new account is chosen for the store; its fields are emptied for the next one.
    const typed = submission.payload as Record<string, unknown>;
    typed.bank_account_id = String(added.bank_account_id);
    for (const name of Object.keys(bankInline.shape)) delete typed[name];
    return answer(submission.reply(), { nonce, added: added.bank_account_id });
  }

  const submission = parseWithZod(formData, { schema: storeBody });
  if (image.error) return answer(submission.reply({ fieldErrors: { image: [image.error] } }), null, 400);
  if (submission.status !== "success") return answer(submission.reply(), null, 400);
  let saved: StoreJson;
  try {
    const scope = getScope(args.context);
    saved = target.id ? await updateStore(scope, target.id, submission.value) : await createStore(scope, submission.value);
  } catch (e) {
    const reply = replyRefused(args, submission, e);
    return answer(reply.data as Reply, null, 400);
  }
  flashToast(args.context, "success", t(target.id ? "store:api.updated" : "store:api.created"));
  const id = saved.store_branch_id;
  throw redirect(`${localePath(getLocale(args.context), "/profile/store")}?open=${id}#store-${id}`);
}
