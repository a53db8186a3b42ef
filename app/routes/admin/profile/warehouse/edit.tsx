/**
 * /profile/warehouse/:slug (slug = seller_warehouse_id): edit a warehouse, and manage its
 * partitions with small separate forms (rename, remove after confirming, add), so everything
 * works without JavaScript. Removing asks first: a dialog with JavaScript; without, the action
 * answers with this page's confirm step (confirm.server.ts: ?confirm=partition_remove&partition_id=…).
 * Each change calls core (core/profile/warehouse-changes.ts, warehouse-partitions.ts) and says so
 * with the API's notice as a toast; a refused partition name shows under its own field, as typed.
 *
 * Intents: none (the warehouse form), partition_add, partition_rename, partition_remove.
 * The update history opens from the warehouse's card on the list (the modal's code would push this
 * page, which already carries the image and pin-point widgets, further past the JS budget).
 */
import { parseWithZod } from "@conform-to/zod/v4";
import type { SubmissionResult } from "@conform-to/react";
import { data, Link, redirect, useLocation, type RouterContextProvider } from "react-router";
import { useTranslation, useLocale } from "#app/lib/i18n-react.tsx";
import type { Route } from "./+types/edit";
import { domainErrorOfDatabase, parseInput, Refused } from "#core/errors.ts";
import { translator } from "#core/i18n.ts";
import { updateWarehouse } from "#core/profile/warehouse-changes.ts";
import { addPartition, partitionBody, removePartition, renamePartition } from "#core/profile/warehouse-partitions.ts";
import { getWarehouse, warehouseBody } from "#core/profile/warehouses.ts";
import { listCities } from "#core/utilities/places.ts";
import { GeneralErrorBoundary } from "#app/components/error-boundary.tsx";
import { ConfirmPanel } from "#app/components/list/confirm-dialog.tsx";
import { StatusBadge } from "#app/components/list/status-badge.tsx";
import { PinPointField } from "#app/components/map/pin-point-lazy.tsx";
import { WarehouseForm } from "#app/components/warehouse-form.tsx";
import { WarehousePartitions, type PartitionReply } from "#app/components/warehouse-partitions.tsx";
import { getScope } from "#app/lib/auth.server.ts";
import { confirmAsked, requireConfirmed } from "#app/lib/confirm.server.ts";
import { refusalMessage } from "#app/lib/errors.server.ts";
import { replyRefused } from "#app/lib/forms.server.ts";
import { getI18n, getLocale } from "#app/lib/i18n.server.ts";
import { localePath } from "#app/lib/i18n.ts";
import { idFromSlug } from "#app/lib/params.ts";
import { flashToast } from "#app/lib/session.server.ts";
import { imageFromForm } from "#app/lib/uploads.server.ts";
import { pageTitle } from "#app/lib/meta.ts";

export async function loader(args: Route.LoaderArgs) {
  const id = idFromSlug(args.params.slug);
  const scope = getScope(args.context);
  const [warehouse, cities] = await Promise.all([
    getWarehouse(scope, id),
    listCities(scope),
    PinPointField.ready(), // the map picker is an island (pin-point-lazy.tsx)
  ]);
  const asked = confirmAsked(new URL(args.request.url), "partition_remove");
  const confirming = asked ? warehouse.partition_datas.find((p) => String(p.id) === asked.fields.partition_id) ?? null : null;
  const t = getI18n(args.context).getFixedT(getLocale(args.context));
  return {
    title: `${t("site:warehouse.edit")} · ${warehouse.name} | ${t("common:app_name")}`,
    warehouse,
    cities,
    confirming,
  };
}

/** A refused partition change as the partition form's reply: the messages under its name field, as typed. */
function partitionRefused(context: Readonly<RouterContextProvider>, err: unknown, reply: Omit<PartitionReply, "errors">) {
  const refusal = err instanceof Refused ? err : domainErrorOfDatabase(err);
  if (!(refusal instanceof Refused)) throw err;
  const t = translator(getLocale(context));
  const errors = (refusal.fields?.name ?? refusal.fields?._form ?? [refusal.message]).map((k) => t(k, refusal.vars));
  return data({ partition: { ...reply, errors } }, { status: 400 });
}

export async function action(args: Route.ActionArgs) {
  const id = idFromSlug(args.params.slug);
  const scope = getScope(args.context);
  const locale = getLocale(args.context);
  const t = getI18n(args.context).getFixedT(locale);
  const here = localePath(locale, `/profile/warehouse/${id}`);
  const formData = await args.request.formData();
  const intent = formData.get("intent");
  const name = String(formData.get("name") ?? "");
  const pid = Number(formData.get("partition_id"));
  const done = (key: string) => {
    flashToast(args.context, "success", t(key));
    return redirect(here);
  };

  switch (intent) {
    case "partition_add": {
      try {
        await addPartition(scope, id, parseInput(partitionBody, { name }));
      } catch (e) {
        return partitionRefused(args.context, e, { intent, id: null, name });
      }
      throw done("site:api.partition_added");
    }
    case "partition_rename": {
      if (!Number.isInteger(pid) || pid <= 0) throw redirect(here);
      try {
        await renamePartition(scope, id, pid, parseInput(partitionBody, { name }));
      } catch (e) {
        return partitionRefused(args.context, e, { intent, id: pid, name });
      }
      throw done("site:api.partition_renamed");
    }
    case "partition_remove": {
      if (!Number.isInteger(pid) || pid <= 0) throw redirect(here);
      requireConfirmed(args.request, formData, "partition_remove", here);
      try {
        await removePartition(scope, id, pid);
      } catch (e) {
        // A partition that held stock stays: said as a notice on the page (not on the confirm step).
        const refusal = e instanceof Refused ? e : domainErrorOfDatabase(e);
        if (!(refusal instanceof Refused)) throw e;
        flashToast(args.context, "danger", refusalMessage(args.context, refusal));
        throw redirect(here);
      }
      throw done("site:api.partition_removed");
    }
    case null:
    case "save": {
      const image = await imageFromForm(args, formData, "image");
      const submission = parseWithZod(formData, { schema: warehouseBody });
      if (submission.status !== "success" || image.error) {
        return data(submission.reply(image.error ? { fieldErrors: { image: [image.error] } } : undefined), { status: 400 });
      }
      try {
        await updateWarehouse(scope, id, submission.value);
      } catch (e) {
        return replyRefused(args, submission, e);
      }
      flashToast(args.context, "success", t("site:api.warehouse_updated"));
      throw redirect(localePath(locale, "/profile/warehouse"));
    }
    default:
      throw data(t("common:errors.unknown_action"), { status: 400 });
  }
}

export default function EditWarehouse({ loaderData, actionData }: Route.ComponentProps) {
  const { warehouse: w, confirming } = loaderData;
  const { t } = useTranslation("site");
  const locale = useLocale();
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

export const meta = pageTitle;

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
