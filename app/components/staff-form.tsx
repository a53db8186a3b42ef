/**
 * The staff forms of /setting/pos-seller: inviting (user/add) and changing a member (user/:id),
 * on the plain form kit (form.tsx). The schemas are the API's own (core/team/staff-schema.ts
 * inviteBody, memberBody), checked by the page's action and again by core. Privileges are one
 * checkbox per sidebar group, named as the sidebar names them, with the group's finer privileges
 * (money, what cannot be undone: core/auth/privileges.ts) as boxes under it; a hidden empty value
 * goes with them so that "none ticked" reaches the server as such. Works without JavaScript.
 */
import { Form, Link } from "react-router";
import { useTranslation } from "#app/lib/i18n-react.tsx";
import { finerOf, GROUPS, PRIVILEGES, privilegeNameKey, type Privilege } from "#core/auth/privileges.ts";
import { PAGE_CHOICES } from "#app/lib/staff-pages.ts";
import { buttonClass, SubmitButton } from "./button.tsx";
import { FieldError, FormErrors, formState, Select, TextInput, type FormReply, type FormState } from "./form.tsx";
import { FormToken } from "./form-token.tsx";

function PrivilegeBoxes({ form }: { form: FormState }) {
  const { t } = useTranslation("team");
  const ticked = new Set(form.values("privileges"));
  const errors = form.errors("privileges") ?? Object.entries(PRIVILEGES).flatMap(([i]) => form.errors(`privileges[${i}]`) ?? []);
  const id = `${form.id}-privileges`;
  return (
    <fieldset aria-describedby={`${id}-hint${errors.length ? ` ${id}-error` : ""}`}>
      <legend className="mb-1 block text-sm font-medium text-slate-700">{t("form.privileges")}</legend>
      <p id={`${id}-hint`} className="mb-2 text-xs text-slate-500">{t("form.privileges_hint")}</p>
      <input type="hidden" name="privileges" value="" />
      <div className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
        {GROUPS.map((g) => (
          <div key={g} className="rounded-md border border-slate-200 px-3 py-2 text-sm text-slate-700">
            <Box p={g} ticked={ticked} />
            {finerOf(g).length ? (
              <div className="mt-1 space-y-1 border-l border-slate-200 pl-3 ml-2">
                {finerOf(g).map((f) => <Box key={f} p={f} ticked={ticked} />)}
              </div>
            ) : null}
          </div>
        ))}
      </div>
      <p className="mt-2 text-xs text-slate-500">{t("form.finer_hint")}</p>
      <FieldError id={`${id}-error`} errors={errors.length ? errors : undefined} />
    </fieldset>
  );
}

function Box({ p, ticked }: { p: Privilege; ticked: Set<string> }) {
  const { t } = useTranslation("team");
  return (
    <label className="flex items-center gap-2 py-0.5">
      <input type="checkbox" name="privileges" value={p} defaultChecked={ticked.has(p)}
        className="h-4 w-4 shrink-0 rounded border-slate-300 text-brand-600 focus:ring-brand-500" />
      {t(privilegeNameKey(p))}
    </label>
  );
}

function DefaultRoute({ form }: { form: FormState }) {
  const { t } = useTranslation("team");
  return (
    <Select form={form} name="default_route" label={t("form.default_route")} hint={t("form.default_route_hint")} placeholder={t("form.default_route_auto")}>
      {PAGE_CHOICES.map((g) => (
        <optgroup key={g.group} label={t(`nav:groups.${g.group}`)}>
          {g.pages.map((p) => <option key={p.path} value={p.path}>{t(`nav:items.${p.key}`)}</option>)}
        </optgroup>
      ))}
    </Select>
  );
}

function Actions({ cancelTo, label }: { cancelTo: string; label: string }) {
  const { t } = useTranslation("team");
  return (
    <div className="flex flex-wrap justify-end gap-2">
      <Link to={cancelTo} className={buttonClass("secondary")}>{t("common:actions.cancel")}</Link>
      <SubmitButton>{label}</SubmitButton>
    </div>
  );
}

/** /setting/pos-seller/user/add: who (e-mail or phone), what they may open, where they land. */
export function InviteForm({ reply, cancelTo }: { reply?: FormReply; cancelTo: string }) {
  const { t } = useTranslation("team");
  const form = formState(reply, { id: "invite" });
  return (
    <Form method="post" noValidate className="space-y-5">
      <FormToken />
      <FormErrors errors={form.formErrors} />
      <TextInput form={form} name="target" label={t("form.target")} hint={t("form.target_hint")} autoComplete="off" maxLength={200} required />
      <PrivilegeBoxes form={form} />
      <DefaultRoute form={form} />
      <Actions cancelTo={cancelTo} label={t("form.send")} />
    </Form>
  );
}

/** /setting/pos-seller/user/:id: privileges, default page and role of a member. */
export function MemberForm({ reply, defaults, cancelTo }: { reply?: FormReply; defaults: Record<string, unknown>; cancelTo: string }) {
  const { t } = useTranslation("team");
  const form = formState(reply, { id: "member", defaults });
  return (
    <Form method="post" noValidate className="space-y-5">
      <input type="hidden" name="intent" value="save" />
      <FormErrors errors={form.formErrors} />
      <Select form={form} name="role" label={t("form.role")} hint={t("form.owner_note")}
        options={[{ value: "staff", label: t("roles.staff") }, { value: "owner", label: t("roles.owner") }]} />
      <PrivilegeBoxes form={form} />
      <DefaultRoute form={form} />
      <Actions cancelTo={cancelTo} label={t("common:actions.save")} />
    </Form>
  );
}
