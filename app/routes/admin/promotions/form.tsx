/**
 * /promotions/create, /promotions/followers-voucher (the same form, a followers-only voucher
 * chosen), /promotions/edit/:slug and /promotions/recreate/:slug (a copy of one that is over,
 * starting in an hour for as long as it ran). One form (app/components/promotions/promotion-form.tsx),
 * one schema (core promotionBody); the page turns typed SKUs into variant ids first (an unknown SKU
 * is refused under its field). While a promotion runs only its end, quota and promo stock are
 * read from the form: the rest is what is saved. Success opens the promotion's detail page.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import type { Route } from "./+types/form";
import { createPromotion, promotionBody, recreatePromotion, skusOf, updatePromotion, variantsBySku } from "#core/promotions/promotions.ts";
import { promotionChoices, promotionDetail, type PromotionDetail } from "#core/promotions/read.ts";
import { NotFound } from "#core/errors.ts";
import { GeneralErrorBoundary } from "#app/components/error-boundary.tsx";
import { FormPage } from "#app/components/form-page.tsx";
import { PromotionForm } from "#app/components/promotions/promotion-form.tsx";
import { PromotionStatus } from "#app/components/promotions/parts.tsx";
import { getScope } from "#app/lib/auth.server.ts";
import { replyRefused } from "#app/lib/forms.server.ts";
import { getI18n, getLocale } from "#app/lib/i18n.server.ts";
import { localePath } from "#app/lib/i18n.ts";
import { useLocalePath, useTranslation } from "#app/lib/i18n-react.tsx";
import { flashToast } from "#app/lib/session.server.ts";
import { pageTitle } from "#app/lib/meta.ts";

type Mode = "create" | "followers" | "edit" | "recreate";
const modeOf = (url: URL): Mode =>
  /\/promotions\/edit\//.test(url.pathname) ? "edit" : /\/promotions\/recreate\//.test(url.pathname) ? "recreate"
    : /\/followers-voucher$/.test(url.pathname) ? "followers" : "create";
const idOf = (slug: string | undefined) => {
  const n = Number(slug);
  if (!Number.isInteger(n) || n <= 0 || n > 2_147_483_647) throw new NotFound("promotion:errors.not_found");
  return n;
};

const HOUR = 3600;
/** A unix time as the form's WIB "YYYY-MM-DDTHH:mm". */
const wibInput = (unix: number) => new Date((unix + 7 * HOUR) * 1000).toISOString().slice(0, 16);
const nextHour = () => Math.ceil(Date.now() / 1000 / HOUR) * HOUR;

/** The form's values of a saved promotion (SKUs for its variants and gift). */
function valuesOf(p: PromotionDetail, skus: Map<number, string>) {
  const ids = (xs: { id: number }[]) => xs.map((x) => String(x.id));
  return {
    name: p.name, kind: p.kind, promo_type: p.promo_type === "common" ? "" : p.promo_type, starts_at: wibInput(p.starts_at), ends_at: wibInput(p.ends_at),
    discount_type: p.discount_type ?? "percent", discount_percent: p.discount_percent ?? "",
    discount_amount: p.discount_type === "amount" && p.kind !== "delivery" ? String(p.discount_value ?? "") : "",
    delivery_cap: p.kind === "delivery" ? String(p.discount_value ?? "") : "",
    max_discount: p.max_discount ?? "", min_spend: p.min_spend || "", buy_qty: p.buy_qty ?? "", get_qty: p.get_qty ?? "", bundle_price: p.bundle_price ?? "",
    gift_sku: p.gift_variant_id ? skus.get(p.gift_variant_id) ?? "" : "", cashback_as: p.cashback_as ?? "points", code: p.code ?? "",
    followers_only: p.followers_only, quota: p.quota ?? "", per_buyer: p.per_buyer ?? "", promo_stock: p.promo_stock ?? "",
    variant_skus: p.targets.variants.map((v) => skus.get(v.id)).filter(Boolean).join("\n"),
    brand_ids: ids(p.targets.brands), category_ids: ids(p.targets.categories), channel_ids: ids(p.targets.channels), store_ids: ids(p.targets.stores),
    // Products aimed at through the API (the form aims by SKU) stay as they are, named on the form.
    product_ids: ids(p.targets.products), product_names: p.targets.products.map((x) => x.name),
  };
}

async function saved(scope: ReturnType<typeof getScope>, id: number) {
  const p = await promotionDetail(scope, id);
  const skus = await skusOf(scope, [...p.targets.variants.map((v) => v.id), ...(p.gift_variant_id ? [p.gift_variant_id] : [])]);
  return { p, values: valuesOf(p, skus) };
}

export async function loader(args: Route.LoaderArgs) {
  const scope = getScope(args.context);
  const url = new URL(args.request.url);
  const mode = modeOf(url);
  const t = getI18n(args.context).getFixedT(getLocale(args.context));
  const choices = await promotionChoices(scope);
  const title = (key: string) => `${t(key)} | ${t("common:app_name")}`;
  if (mode === "create" || mode === "followers") {
    const start = nextHour();
    return {
      mode, choices, title: title("promotion:form.create_title"), running: false, promotion: null,
      defaults: {
        kind: mode === "followers" ? "voucher" : "discount", followers_only: mode === "followers", discount_type: "percent",
        starts_at: wibInput(start), ends_at: wibInput(start + 7 * 24 * HOUR), cashback_as: "points",
      } as Record<string, unknown>,
    };
  }
  const { p, values } = await saved(scope, idOf(args.params.slug));
  const detailPath = localePath(getLocale(args.context), `/promotions/detail/${p.promotion_id}`);
  if (mode === "edit" && p.editable === "none") throw redirect(detailPath);
  if (mode === "recreate" && !p.can_recreate) throw redirect(detailPath);
  const start = nextHour();
  return {
    mode, choices, title: title(mode === "edit" ? "promotion:form.edit_title" : "promotion:form.recreate_title"),
    running: mode === "edit" && p.editable === "running", promotion: { promotion_id: p.promotion_id, status_key: p.status_key, status_name: p.status_name },
    defaults: (mode === "recreate"
      ? { ...values, starts_at: wibInput(start), ends_at: wibInput(start + (p.ends_at - p.starts_at)) }
      : values) as Record<string, unknown>,
  };
}

export async function action(args: Route.ActionArgs) {
  const scope = getScope(args.context);
  const url = new URL(args.request.url);
  const mode = modeOf(url);
  const locale = getLocale(args.context);
  const t = getI18n(args.context).getFixedT(locale);
  const form = await args.request.formData();
  const id = mode === "edit" || mode === "recreate" ? idOf(args.params.slug) : undefined;
  if (mode === "edit") {
    const { p, values } = await saved(scope, id!);
    // Running: what may change comes from the form, the rest is what is saved.
    if (p.editable === "running") {
      for (const [k, v] of Object.entries(values)) {
        if (k === "ends_at" || k === "quota" || k === "promo_stock" || k === "product_names") continue;
        form.delete(k);
        for (const one of Array.isArray(v) ? v : [v]) if (one !== "" && one !== false) form.append(k, String(one === true ? "on" : one));
      }
    }
  }
  // SKUs → variant ids (the schema's), unknown ones refused under their field.
  const split = (s: FormDataEntryValue | null) => String(s ?? "").split(/[\s,;]+/).filter(Boolean);
  const targets = await variantsBySku(scope, split(form.get("variant_skus")));
  const gift = await variantsBySku(scope, split(form.get("gift_sku")).slice(0, 1));
  form.delete("variant_ids");
  for (const v of targets.ids) form.append("variant_ids", String(v));
  if (gift.ids[0]) form.set("gift_variant_id", String(gift.ids[0]));
  const submission = parseWithZod(form, { schema: promotionBody });
  const skuErrors = {
    ...(targets.unknown.length ? { variant_skus: [t("promotion:errors.unknown_skus", { skus: targets.unknown.join(", ") })] } : {}),
    ...(gift.unknown.length ? { gift_sku: [t("promotion:errors.unknown_skus", { skus: gift.unknown.join(", ") })] } : {}),
  };
  if (submission.status !== "success" || Object.keys(skuErrors).length) {
    const reply = submission.reply({ fieldErrors: { ...(submission.status === "error" ? submission.error : {}), ...skuErrors } as Record<string, string[]> });
    // The gift's field on the page is its SKU.
    if (reply.error?.gift_variant_id) reply.error.gift_sku = reply.error.gift_variant_id;
    return data({ ...reply, status: "error" as const }, { status: 400 });
  }
  let made: { promotion_id: number };
  try {
    made = mode === "edit" ? await updatePromotion(scope, id!, submission.value)
      : mode === "recreate" ? await recreatePromotion(scope, id!, submission.value)
        : await createPromotion(scope, submission.value);
  } catch (e) {
    return replyRefused(args, submission, e);
  }
  flashToast(args.context, "success", t(mode === "edit" ? "promotion:saved" : "promotion:created"));
  throw redirect(localePath(locale, `/promotions/detail/${made.promotion_id}`));
}

export default function PromotionFormPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("promotion");
  const lp = useLocalePath();
  const { mode, promotion } = loaderData;
  const back = promotion ? lp(`/promotions/detail/${promotion.promotion_id}`) : lp("/promotions/listing");
  const title = t(mode === "edit" ? "form.edit_title" : mode === "recreate" ? "form.recreate_title" : "form.create_title");
  return (
    <FormPage back={{ href: back, label: promotion ? t("detail.title") : t("title") }} title={title}
      badge={mode === "edit" && promotion ? <PromotionStatus p={promotion} /> : undefined}>
      <PromotionForm reply={actionData} defaults={loaderData.defaults} choices={loaderData.choices} running={loaderData.running} cancelTo={back}
        submitLabel={mode === "edit" ? t("form.save") : t("form.submit")} />
    </FormPage>
  );
}

export const meta = pageTitle;

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
