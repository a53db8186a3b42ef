/**
 * A warehouse's partitions on its edit page: every partition is its own small form (rename), with
 * a Remove button that asks first (a dialog with JavaScript, the page's confirm step without), and
 * one form adds a partition. All plain POSTs to the edit page's action, so they work without
 * JavaScript; a refused name (already used, too long) shows under its own field, as typed.
 */
import { Form } from "react-router";
import { useTranslation } from "#app/lib/i18n-react.tsx";
import type { Partition } from "#core/profile/warehouses.ts";
import { inputClass, SubmitButton } from "./button.tsx";
import { FieldError } from "./form-error.tsx";
import { ConfirmSubmitButton } from "./warehouse-confirm-button.tsx";
import { FormToken } from "./form-token.tsx";

/** What the action answers when a partition change was refused. */
export type PartitionReply = { intent: "partition_add" | "partition_rename"; id: number | null; name: string; errors: string[] };

export function WarehousePartitions({ warehouseName, partitions, reply }: { warehouseName: string; partitions: Partition[]; reply: PartitionReply | null }) {
  const { t } = useTranslation("site");
  const addReply = reply?.intent === "partition_add" ? reply : null;
  return (
    <section aria-labelledby="partitions-title" className="rounded-lg border border-slate-200 bg-white p-4 sm:p-6">
      <h2 id="partitions-title" className="text-base font-semibold text-slate-900">{t("warehouse.partitions.title")}</h2>
      <p className="mt-1 text-sm text-slate-500">{t("warehouse.partitions.hint")}</p>

      {partitions.length ? (
        <ul className="mt-4 divide-y divide-slate-100" aria-label={t("warehouse.card.partitions_of", { name: warehouseName })}>
          {partitions.map((p) => {
            const mine = reply?.intent === "partition_rename" && reply.id === p.id ? reply : null;
            const inputId = `partition-${p.id}-name`;
            const errorId = `${inputId}-error`;
            return (
              <li key={p.id} className="py-3">
                <div className="flex flex-wrap items-start gap-2">
                  <Form method="post" preventScrollReset className="flex min-w-0 flex-1 flex-wrap items-start gap-2">
                    <input type="hidden" name="partition_id" value={p.id} />
                    <label htmlFor={inputId} className="sr-only">{t("warehouse.partitions.name_of", { name: p.name })}</label>
                    <input
                      id={inputId}
                      name="name"
                      key={mine ? `${mine.name}-error` : p.name}
                      defaultValue={mine ? mine.name : p.name}
                      required
                      maxLength={50}
                      aria-invalid={mine ? true : undefined}
                      aria-describedby={mine ? errorId : undefined}
                      className={`${inputClass} min-w-[10rem] flex-1`}
                    />
                    <SubmitButton name="intent" value="partition_rename" variant="secondary">{t("warehouse.partitions.rename")}</SubmitButton>
                  </Form>
                  <ConfirmSubmitButton
                    fields={{ intent: "partition_remove", partition_id: p.id }}
                    text={{
                      title: t("warehouse.partitions.remove_title"),
                      body: t("warehouse.partitions.remove_body", { name: p.name, warehouse: warehouseName }),
                      confirmLabel: t("warehouse.partitions.remove_confirm"),
                      tone: "danger",
                    }}
                    variant="ghost"
                    className="!text-red-700 hover:!bg-red-50"
                  >
                    {t("warehouse.partitions.remove")}
                    <span className="sr-only"> {p.name}</span>
                  </ConfirmSubmitButton>
                </div>
                {mine ? <FieldError id={errorId} errors={mine.errors} /> : null}
              </li>
            );
          })}
        </ul>
      ) : (
        <p className="mt-4 text-sm text-slate-500">{t("warehouse.card.no_partitions")}</p>
      )}

      <Form method="post" preventScrollReset className="mt-4 border-t border-slate-100 pt-4">
        <FormToken />
        <label htmlFor="partition-new-name" className="mb-1 block text-sm font-medium text-slate-700">{t("warehouse.partitions.add_label")}</label>
        <div className="flex flex-wrap items-start gap-2">
          <input
            id="partition-new-name"
            name="name"
            key={addReply ? `${addReply.name}-error` : `new-${partitions.length}`}
            defaultValue={addReply?.name ?? ""}
            required
            maxLength={50}
            placeholder={t("warehouse.placeholders.partition")}
            aria-invalid={addReply ? true : undefined}
            aria-describedby={addReply ? "partition-new-name-error" : undefined}
            className={`${inputClass} min-w-[10rem] flex-1`}
          />
          <SubmitButton name="intent" value="partition_add">{t("warehouse.partitions.add")}</SubmitButton>
        </div>
        {addReply ? <FieldError id="partition-new-name-error" errors={addReply.errors} /> : null}
      </Form>
    </section>
  );
}
