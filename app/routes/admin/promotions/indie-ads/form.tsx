/**
 * /promotions/indie-ads/create and /promotions/indie-ads/:id/edit: one form
 * (app/components/ads/ad-form.tsx), one schema (core adBody). The form's product search
 * (intent=find_products) posts the whole form and comes back with everything typed kept and the
 * matches to tick, saving nothing; Save checks with core's schema and calls createAd / updateAd —
 * bad input and refusals come back under their fields, with what was typed. Success opens the
 * ad's page. An ad that is over is not editable: its edit page opens its detail.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import type { SubmissionResult } from "@conform-to/react";
import { data, redirect } from "react-router";
import type { Route } from "./+types/form";
import { adBody, adDetail, adProductChoices, createAd, updateAd, type AdProductChoices } from "#core/promotions/ads.ts";
import { NotFound } from "#core/errors.ts";
import { GeneralErrorBoundary } from "#app/components/error-boundary.tsx";
import { FormPage } from "#app/components/form-page.tsx";
import { AdForm } from "#app/components/ads/ad-form.tsx";
import { AdStateBadge } from "#app/components/ads/parts.tsx";
import { getScope } from "#app/lib/auth.server.ts";
import { replyRefused } from "#app/lib/forms.server.ts";
import { getI18n, getLocale } from "#app/lib/i18n.server.ts";
import { localePath } from "#app/lib/i18n.ts";
import { useLocalePath, useTranslation } from "#app/lib/i18n-react.tsx";
import { flashToast } from "#app/lib/session.server.ts";
import { pageTitle } from "#app/lib/meta.ts";

export type AdFormData = { reply: SubmissionResult<string[]>; products: AdProductChoices };

const idOf = (raw: string | undefined) => {
  const n = Number(raw);
  if (!/^\d{1,10}$/.test(raw ?? "") || !Number.isInteger(n) || n <= 0 || n > 2_147_483_647) throw new NotFound("ads:errors.not_found");
  return n;
};

/** A unix time (or now) as the form's WIB "YYYY-MM-DDTHH:mm". */
const wibInput = (unix: number) => new Date(unix * 1000 + 7 * 3600_000).toISOString().slice(0, 16);

/** What was posted, as the form shows it again (a repeated field as a list). */
function typedOf(form: FormData) {
  const out: Record<string, string | string[]> = {};
  for (const key of new Set(form.keys())) {
    if (key === "_once" || key === "intent") continue;
    const all = form.getAll(key).filter((v): v is string => typeof v === "string");
    out[key] = all.length > 1 ? all : all[0] ?? "";
  }
  return out;
}

const chosenOf = (form: FormData) => form.getAll("product_ids").map((v) => Number(v)).filter((n) => Number.isSafeInteger(n) && n > 0);

export async function loader(args: Route.LoaderArgs) {
  const scope = getScope(args.context);
  const t = getI18n(args.context).getFixedT(getLocale(args.context));
  const title = (key: string) => `${t(key)} | ${t("ads:title")} | ${t("common:app_name")}`;
  if (args.params.id === undefined) {
    return {
      title: title("ads:form.create_title"), ad: null, products: await adProductChoices(scope, {}),
      defaults: { starts_at: wibInput(Math.floor(Date.now() / 1000)), placements: ["search"] } as Record<string, unknown>,
    };
  }
  const ad = await adDetail(scope, idOf(args.params.id));
  if (!ad.editable) throw redirect(localePath(getLocale(args.context), `/promotions/indie-ads/${ad.ad_id}`));
  return {
    title: title("ads:form.edit_title"), ad: { ad_id: ad.ad_id, name: ad.name, state: ad.state, state_name: ad.state_name },
    products: await adProductChoices(scope, { chosen: ad.product_ids }),
    defaults: {
      name: ad.name, daily_budget: String(ad.daily_budget), bid_per_click: String(ad.bid_per_click), keywords: ad.keywords.join("\n"),
      placements: ad.placements, product_ids: ad.product_ids.map(String), starts_at: wibInput(ad.starts_at), ends_at: ad.ends_at ? wibInput(ad.ends_at) : "",
    } as Record<string, unknown>,
  };
}

export async function action(args: Route.ActionArgs) {
  const scope = getScope(args.context);
  const locale = getLocale(args.context);
  const id = args.params.id === undefined ? undefined : idOf(args.params.id);
  const form = await args.request.formData();
  const choices = () => adProductChoices(scope, { search: String(form.get("product_search") ?? ""), chosen: chosenOf(form) });
  // The product search: the form again with the matches, nothing saved.
  if (form.get("intent") === "find_products") {
    return data<AdFormData>({ reply: { initialValue: typedOf(form) } as SubmissionResult<string[]>, products: await choices() });
  }
  const submission = parseWithZod(form, { schema: adBody });
  if (submission.status !== "success") return data<AdFormData>({ reply: submission.reply(), products: await choices() }, { status: 400 });
  let saved: { ad_id: number };
  try {
    saved = id === undefined ? await createAd(scope, submission.value) : await updateAd(scope, id, submission.value);
  } catch (e) {
    const refused = replyRefused(args, submission, e);
    return data<AdFormData>({ reply: refused.data, products: await choices() }, refused.init ?? { status: 400 });
  }
  flashToast(args.context, "success", getI18n(args.context).getFixedT(locale)(id === undefined ? "ads:created" : "ads:saved"));
  throw redirect(localePath(locale, `/promotions/indie-ads/${saved.ad_id}`));
}

export default function AdFormPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("ads");
  const lp = useLocalePath();
  const { ad } = loaderData;
  const back = ad ? lp(`/promotions/indie-ads/${ad.ad_id}`) : lp("/promotions/indie-ads");
  return (
    <FormPage back={{ href: back, label: ad ? ad.name : t("title") }} title={t(ad ? "form.edit_title" : "form.create_title")}
      badge={ad ? <AdStateBadge ad={ad} /> : undefined}>
      <AdForm reply={actionData?.reply} defaults={loaderData.defaults} products={actionData?.products ?? loaderData.products} cancelTo={back}
        submitLabel={t(ad ? "form.save" : "form.submit")} />
    </FormPage>
  );
}

export const meta = pageTitle;

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
