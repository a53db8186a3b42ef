/**
 * The owned-brand form (/profile/brand/add and /profile/brand/:slug/edit): logo (ImageField: the
 * cropper with JavaScript, a plain file input without), name, product category, description. The
 * schema is the API's own (core/profile/brand-schema.ts brandBody), checked on the server; a failed
 * submission comes back with what was typed and the messages per field (form.tsx).
 *
 * Category: one <select> grouped by the spec's brand categories (<optgroup> per top level), so it
 * works without JavaScript. Any level may be chosen: "All of Fashion", a second level, or a third
 * level written with its parent ("Pakaian Wanita › Dress").
 */
import { Form, Link } from "react-router";
import { useTranslation } from "#app/lib/i18n-react.tsx";
import { buttonClass, SubmitButton } from "./button.tsx";
import { FormErrors, formState, Select, TextArea, TextInput, type FormReply } from "./form.tsx";
import { ImageField } from "./image-field.tsx";
import { FormToken } from "./form-token.tsx";

/** A node of GET /v0.0.0/utilities/categories/tree. */
export type CategoryNode = { product_category_id: number; name: string; level: number; childs: CategoryNode[] };

/** The category <select>'s options: one group per brand category, every level selectable. */
export function CategoryOptions({ tree }: { tree: CategoryNode[] }) {
  const { t } = useTranslation("brand");
  return (
    <>
      {tree.map((top) => (
        <optgroup key={top.product_category_id} label={top.name}>
          <option value={top.product_category_id}>{t("category_all", { name: top.name })}</option>
          {top.childs.flatMap((mid) => [
            <option key={mid.product_category_id} value={mid.product_category_id}>{mid.name}</option>,
            ...mid.childs.map((leaf) => (
              <option key={leaf.product_category_id} value={leaf.product_category_id}>{`${mid.name} › ${leaf.name}`}</option>
            )),
          ])}
        </optgroup>
      ))}
    </>
  );
}

export function BrandForm({ reply, defaults, tree, submitLabel, cancelTo, intent }: {
  reply?: FormReply;
  defaults?: { name?: string; image?: string | null; product_category_id?: string; description?: string };
  tree: CategoryNode[];
  submitLabel: string;
  cancelTo?: string;
  /** Told apart from the page's other forms by this value of `intent`. */
  intent: string;
}) {
  const { t } = useTranslation("brand");
  const form = formState(reply, {
    defaults: {
      name: defaults?.name ?? "", image: defaults?.image ?? "", product_category_id: defaults?.product_category_id ?? "",
      description: defaults?.description ?? "",
    },
  });
  return (
    <Form method="post" noValidate encType="multipart/form-data" className="space-y-5">
      <FormToken />
      <input type="hidden" name="intent" value={intent} />
      <FormErrors errors={form.formErrors} />
      <ImageField name="image" label={`${t("fields.image")} (${t("hints.optional")})`} defaultUrl={form.value("image") || null} errors={form.errors("image") ?? undefined} />
      <TextInput form={form} idPrefix="brand" name="name" label={t("fields.name")} required maxLength={100} autoComplete="off" />
      <Select form={form} idPrefix="brand" name="product_category_id" label={t("fields.category")} hint={t("hints.category")} required>
        <option value="">{t("placeholders.category")}</option>
        <CategoryOptions tree={tree} />
      </Select>
      <TextArea form={form} idPrefix="brand" name="description" label={`${t("fields.description")} (${t("hints.optional")})`} maxLength={1000} />
      <div className="flex flex-wrap justify-end gap-2">
        {cancelTo ? <Link to={cancelTo} className={buttonClass("secondary")}>{t("common:actions.cancel")}</Link> : null}
        <SubmitButton>{submitLabel}</SubmitButton>
      </div>
    </Form>
  );
}
