/**
 * The server half of the store form (app/components/store-form.tsx), shared by add.tsx and edit.tsx:
 * what the form needs (cities, villages, the company's bank accounts, the reference banks, the
 * courier tree) and its action. The action answers { result, bank }: `result` is Conform's reply
 * (what was typed stays; errors per field), `bank` the inline bank account step's outcome.
 *
 * Intents: save (the store: POST /v0.0.1/stores/create or PUT /v0.0.0/stores/{id}); check-bank
 * (POST /v0.0.0/utilities/banks/check_account) and add-bank (POST /v0.0.0/banks/create, then the
 * new account is chosen for the store), both without saving the store and without checking its
 * fields. The photo is uploaded first (imageFromForm), so a failed step keeps it.
 */
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import { z } from "zod";
import type { AccountCheck } from "#core/business/banks.ts";
import { checkbox, storeBody, type StoreBody } from "#core/profile/store-schema.ts";
import type { StoreJson } from "#core/profile/stores.ts";
import { PinPointField, type BankAccount, type BankStep, type CourierGroup, type ReferenceBank } from "#app/components/store-form.tsx";
import { callApi, getList, type ApiFail } from "#app/lib/api.server.ts";
import { getLocale } from "#app/lib/i18n.server.ts";
import { localePath } from "#app/lib/i18n.ts";
import { loadPlaces } from "#app/lib/places.server.ts";
import { imageFromForm } from "#app/lib/uploads.server.ts";

type Args = Parameters<typeof callApi>[0];

export async function loadStoreFormData(args: Args, cityId: number | null | undefined) {
  const [places, , bankAccounts, banks, couriers] = await Promise.all([
    loadPlaces(args, cityId),
    // The map picker part is rendered on the server in full (app/components/store-lazy.tsx).
    PinPointField.ready(),
    getList<BankAccount>(args, "/v0.0.0/banks"),
    getList<ReferenceBank>(args, "/v0.0.0/utilities/banks"),
    getList<CourierGroup>(args, "/v0.0.0/utilities/delivery-couriers"),
  ]);
  return { places, bankAccounts: bankAccounts.rows, banks: banks.rows, couriers: couriers.rows };
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

/** The API body of a parsed form: empty optionals are left out, so PUT clears them. */
function payload(v: StoreBody) {
  return Object.fromEntries(Object.entries(v).filter(([, value]) => value !== undefined));
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

/** The API's per-field messages next to the form's fields (renamed by `rename`), anything else above it. */
function apiErrors(failure: ApiFail, rename: Record<string, string> = {}) {
  const fieldErrors: Record<string, string[]> = {};
  let formErrors: string[] = failure.fieldErrors ? [] : [failure.message];
  for (const [key, messages] of Object.entries(failure.fieldErrors ?? {})) {
    if (key === "_form") formErrors = messages;
    else fieldErrors[rename[key] ?? key] = messages;
  }
  return { fieldErrors, formErrors };
}

export async function storeFormAction(args: Args, target: { id?: number }) {
  const formData = await args.request.formData();
  const intent = String(formData.get("intent") ?? "save");
  const image = await imageFromForm(args, formData, "image");
  const nonce = Date.now();

  if (intent === "check-bank" || intent === "add-bank") {
    const submission = parseWithZod(formData, { schema: bankInline });
    if (submission.status !== "success") return answer(submission.reply(), { nonce }, 400);
    const v = submission.value;
    const body = { bank_code: v.bank_code, account_name: v.bank_account_name, account_no: v.bank_account_no };
    if (intent === "check-bank") {
      const res = await callApi<AccountCheck>(args, "POST", "/v0.0.0/utilities/banks/check_account", { body, quiet: true });
      if (!res.ok) return answer(submission.reply(apiErrors(res, BANK_FIELDS)), { nonce }, 400);
      return answer(submission.reply(), { nonce, check: res.data, checkMessage: res.message });
    }
    const res = await callApi<BankAccount>(args, "POST", "/v0.0.0/banks/create", { body: { ...body, is_default: v.bank_is_default } });
    if (!res.ok) return answer(submission.reply(apiErrors(res, BANK_FIELDS)), { nonce }, 400);
    // The new account is chosen for the store; its fields are emptied for the next one.
    const typed = submission.payload as Record<string, unknown>;
    typed.bank_account_id = String(res.data.bank_account_id);
    for (const name of Object.keys(bankInline.shape)) delete typed[name];
    return answer(submission.reply(), { nonce, added: res.data.bank_account_id });
  }

  const submission = parseWithZod(formData, { schema: storeBody });
  if (image.error) return answer(submission.reply({ fieldErrors: { image: [image.error] } }), null, 400);
  if (submission.status !== "success") return answer(submission.reply(), null, 400);
  const res = target.id
    ? await callApi<StoreJson>(args, "PUT", `/v0.0.0/stores/${target.id}`, { body: payload(submission.value) })
    : await callApi<StoreJson>(args, "POST", "/v0.0.1/stores/create", { body: payload(submission.value) });
  if (!res.ok) return answer(submission.reply(apiErrors(res)), null, res.code === 0 ? 503 : 400);
  const id = res.data.store_branch_id;
  throw redirect(`${localePath(getLocale(args.context), "/profile/store")}?open=${id}#store-${id}`);
}
