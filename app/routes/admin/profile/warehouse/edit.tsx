/**
 * /profile/warehouse/:slug (slug = seller_warehouse_id): edit a warehouse, and manage its
 * partitions with small separate forms (rename, remove after confirming, add), so everything
 * works without JavaScript. Removing asks first: a dialog with JavaScript; without, the action
 * answers with this page's confirm step (?confirm=partition_remove&partition_id=…).
 *
 * Intents: none (the warehouse form), partition_add, partition_rename, partition_remove.
 * The update history opens from the warehouse's card on the list (the modal's code would push this
 * page, which already carries the image and pin-point widgets, further past the JS budget).
 */
import { parseWithZod } from "@conform-to/zod/v4";
import type { SubmissionResult } from "@conform-to/react";
import { data, Link, redirect, useLocation, useParams } from "react-router";
import { useTranslation } from "#app/lib/i18n-react.tsx";
import type { Route } from "./+types/edit";
import { warehouseBody } from "#core/profile/warehouses.ts";
import { GeneralErrorBoundary } from "#app/components/error-boundary.tsx";
import { ConfirmPanel } from "#app/components/list/confirm-dialog.tsx";
import { StatusBadge } from "#app/components/list/status-badge.tsx";
import { PinPointField } from "#app/components/map/pin-point-lazy.tsx";
import type { Warehouse } from "#app/components/warehouse-card.tsx";
import type { City } from "#app/components/form.tsx";
import { WarehouseForm, warehousePayload } from "#app/components/warehouse-form.tsx";
import { WarehousePartitions, type PartitionReply } from "#app/components/warehouse-partitions.tsx";
import { callApi, getList, getOrThrow } from "#app/lib/api.server.ts";
import { replyWithApiError } from "#app/lib/forms.server.ts";
import { getI18n, getLocale } from "#app/lib/i18n.server.ts";
import { localePath } from "#app/lib/i18n.ts";
import { idFromSlug } from "#app/lib/params.ts";
import { imageFromForm } from "#app/lib/uploads.server.ts";

export async function loader(args: Route.LoaderArgs) {
  const id = idFromSlug(args.params.slug);
  const url = new URL(args.request.url);
  const [warehouse, cities] = await Promise.all([
    getOrThrow<Warehouse>(args, `/v0.0.0/warehouses/${id}`),
    getList<City>(args, "/v0.0.0/utilities/locations"),
    PinPointField.ready(), // the map picker is an island (pin-point-lazy.tsx)
  ]);
  const w = warehouse.data;
  const askedPid = url.searchParams.get("confirm") === "partition_remove" ? Number(url.searchParams.get("partition_id")) : NaN;
  const confirming = w.partition_datas.find((p) => p.id === askedPid) ?? null;
  const t = getI18n(args.context).getFixedT(getLocale(args.context));
  return {
    title: `${t("site:warehouse.edit")} · ${w.name} | ${t("common:app_name")}`,
    warehouse: w,
    cities: cities.rows,
    confirming,
  };
}

export async function action(args: Route.ActionArgs) {
  const id = idFromSlug(args.params.slug);
  const locale = getLocale(args.context);
  const here = localePath(locale, `/profile/warehouse/${id}`);
  const formData = await args.request.formData();
  const intent = formData.get("intent");
  const name = String(formData.get("name") ?? "");
  const pid = Number(formData.get("partition_id"));
  const refused = (reply: PartitionReply) => data({ partition: reply }, { status: 400 });

  switch (intent) {
    case "partition_add": {
      const res = await callApi(args, "POST", `/v0.0.0/warehouses/${id}/partitions`, { body: { name } });
      if (!res.ok && res.code === 422) return refused({ intent, id: null, name, errors: res.fieldErrors?.name ?? [res.message] });
      throw redirect(here);
    }
    case "partition_rename": {
      const res = await callApi(args, "PUT", `/v0.0.0/warehouses/${id}/partitions/${pid}`, { body: { name } });
      if (!res.ok && res.code === 422) return refused({ intent, id: pid, name, errors: res.fieldErrors?.name ?? [res.message] });
      throw redirect(here);
    }
    case "partition_remove": {
      if (!Number.isInteger(pid) || pid <= 0) throw redirect(here);
      if (formData.get("confirmed") !== "1") throw redirect(`${here}?confirm=partition_remove&partition_id=${pid}`);
      await callApi(args, "DELETE", `/v0.0.0/warehouses/${id}/partitions/${pid}`);
      throw redirect(here);
    }
    case null:
    case "save": {
      const image = await imageFromForm(args, formData, "image");
      const submission = parseWithZod(formData, { schema: warehouseBody });
      if (submission.status !== "success" || image.error) {
        return data(submission.reply(image.error ? { fieldErrors: { image: [image.error] } } : undefined), { status: 400 });
      }
      const res = await callApi(args, "PUT", `/v0.0.0/warehouses/${id}`, { body: warehousePayload(submission.value) });
      if (!res.ok) return replyWithApiError(submission, res);
      throw redirect(localePath(locale, "/profile/warehouse"));
    }
    default:
      throw data(getI18n(args.context).getFixedT(locale)("common:errors.unknown_action"), { status: 400 });
  }
}

export default function EditWarehouse({ loaderData, actionData }: Route.ComponentProps) {
  const { warehouse: w, confirming } = loaderData;
  const { t } = useTranslation("site");
  const { lang } = useParams();
  const locale = lang ?? "en";
  const location = useLocation();
  const list = localePath(locale, "/profile/warehouse");
  const partitionReply = actionData && "partition" in actionData ? (actionData.partition as PartitionReply) : null;
  const formResult = actionData && !("partition" in actionData) ? (actionData as SubmissionResult<string[]>) : null;
  return (
    <div className="mx-auto max-w-3xl space-y-4">
      <Link to={list} className="text-sm font-medium text-brand-700 hover:underline">← {t("warehouse.back_to_list")}</Link>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex flex-wrap items-center gap-2">
          <h1 className="text-xl font-semibold text-slate-900">{t("warehouse.edit")}</h1>
          {w.is_default ? <StatusBadge tone="info">{t("profile:chips.default_warehouse")}</StatusBadge> : null}
          <StatusBadge tone={w.status === 1 ? "success" : "neutral"}>{w.status_name}</StatusBadge>
        </div>
      </div>
      <section aria-label={w.name} className="rounded-lg border border-slate-200 bg-white p-4 sm:p-6">
        <WarehouseForm
          mode="edit"
          isDefault={w.is_default}
          reply={formResult}
          defaults={{
            name: w.name, type: String(w.type), region: String(w.region), is_partner: w.is_partner ? "on" : "",
            image: w.image ?? "", email: w.email ?? "", phone: w.phone ?? "", address: w.address, city_id: w.city_id ? String(w.city_id) : "",
            postcode: w.postcode ?? "", latitude: w.latitude !== null ? String(w.latitude) : "", longitude: w.longitude !== null ? String(w.longitude) : "",
            is_default: w.is_default ? "on" : "",
          }}
          cities={loaderData.cities}
          submitLabel={t("common:actions.save")}
          cancelTo={list}
        />
      </section>

      {confirming ? (
        <ConfirmPanel
          text={{
            title: t("warehouse.partitions.remove_title"),
            body: t("warehouse.partitions.remove_body", { name: confirming.name, warehouse: w.name }),
            confirmLabel: t("warehouse.partitions.remove_confirm"),
            tone: "danger",
          }}
          fields={{ intent: "partition_remove", partition_id: confirming.id }}
          cancelTo={location.pathname}
        />
      ) : null}
      <WarehousePartitions warehouseName={w.name} partitions={w.partition_datas} reply={partitionReply} />
    </div>
  );
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }];
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
