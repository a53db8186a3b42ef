/**
 * The one online-channel form: /profile/channel/add (platform to choose) and /profile/channel/:slug
 * (platform fixed, shown as text). The schema is the API's own (core/profile/channel-schema.ts) and
 * runs on the server (the route's action, before core saves); the browser gets HTML constraints only.
 *
 * Config fields (url, username, phone_number, line_id): which ones a platform needs is data
 * (CHANNEL_PLATFORMS). Without JavaScript the add form shows all four, each saying which platforms
 * need it, and the server checks the chosen platform's. With JavaScript only the chosen platform's
 * fields show; the others stay in the page, hidden, so switching platforms back and forth keeps
 * what was typed (the server ignores fields the platform does not use).
 */
import { useEffect, useState } from "react";
import { Form, Link } from "react-router";
import { useTranslation } from "#app/lib/i18n-react.tsx";
import { buttonClass, SubmitButton } from "./button.tsx";
import { type Constraints, FieldError, FormErrors, type FormReply, formState, Select, TextInput } from "./form.tsx";
import { FormToken } from "./form-token.tsx";

type ConfigKey = "url" | "username" | "phone_number" | "line_id";
const CONFIG: ConfigKey[] = ["url", "username", "phone_number", "line_id"];

/**
 * A platform as the loader hands it over (core/profile/profile-enums.ts CHANNEL_PLATFORMS, in order):
 * passed as data rather than imported, so the page's JavaScript stays within its budget.
 */
export type PlatformOption = { code: string; name: string; type: number; config: readonly string[] };

/** The loader's list of platforms for the form. */
export const platformOptions = (platforms: Record<string, { name: string; type: number; config: readonly string[] }>): PlatformOption[] =>
  Object.entries(platforms).map(([code, p]) => ({ code, name: p.name, type: p.type, config: p.config }));

type Props = {
  constraint: Constraints;
  lastResult?: FormReply;
  defaultValue?: Record<string, string>;
  /** Every platform (add), or just the channel's own (edit). */
  platforms: PlatformOption[];
  /** Edit: the channel's platform (fixed) and whether it is the default already. */
  fixed?: { code: string; isDefault: boolean };
  submitLabel: string;
  cancelTo: string;
};

export function ChannelForm({ constraint, lastResult, defaultValue, platforms, fixed, submitLabel, cancelTo }: Props) {
  const { t } = useTranslation("channel");
  const form = formState(lastResult, { defaults: defaultValue, constraint, id: "channel" });
  const field = { form };

  // JavaScript is on once hydrated: only then are the unused config fields hidden.
  const [js, setJs] = useState(false);
  useEffect(() => setJs(true), []);
  const [platform, setPlatform] = useState<string>(fixed?.code ?? form.value("platform_code"));

  const byCode = (code: string | undefined) => platforms.find((p) => p.code === code);
  const needs = (code: string | undefined, key: ConfigKey) => Boolean(byCode(code)?.config.includes(key));
  /** The platforms that need a config field, by name ("Tokopedia, Shopee, …"). */
  const platformsNeeding = (key: ConfigKey) => platforms.filter((p) => p.config.includes(key)).map((p) => p.name).join(", ");
  // Grouped by channel type (Indie Marketplace, Marketplace, Social Media, Online Store).
  const groups = [...new Set(platforms.map((p) => p.type))].sort().map((type) => ({ type, list: platforms.filter((p) => p.type === type) }));
  const chosen = byCode(platform);
  const fixedPlatform = fixed ? byCode(fixed.code) : undefined;

  // Edit: the platform is known, so only its fields show, with or without JavaScript.
  const shown = (key: ConfigKey) => (fixed || js ? needs(platform, key) : true);
  const needed = CONFIG.filter((key) => needs(platform, key));

  return (
    <Form method="post" id={form.id} noValidate className="space-y-5">
      <FormToken />
      <FormErrors errors={form.formErrors} />
      <div className="grid gap-4 md:grid-cols-2">
        <div className="md:col-span-2">
          {fixed ? (
            <div>
              <p className="mb-1 block text-sm font-medium text-slate-700">{t("fields.platform")}</p>
              <p className="text-sm text-slate-800">
                <span className="font-medium">{fixedPlatform?.name ?? fixed.code}</span>
                {fixedPlatform ? <span className="text-slate-500"> · {t(`profile:channel_types.${fixedPlatform.type}`)}</span> : null}
              </p>
              <p className="mt-1 text-xs text-slate-500">{t("hints.platform_fixed")}</p>
            </div>
          ) : (
            <Select {...field} name="platform_code" label={t("fields.platform")} placeholder={t("placeholders.platform")}
              onChange={(e) => setPlatform(e.currentTarget.value)}>
              {groups.map((g) => (
                <optgroup key={g.type} label={t(`profile:channel_types.${g.type}`)}>
                  {g.list.map((p) => <option key={p.code} value={p.code}>{p.name}</option>)}
                </optgroup>
              ))}
            </Select>
          )}
        </div>

        <div className="md:col-span-2">
          <TextInput {...field} name="name" label={t("fields.name")} hint={t("hints.name")} maxLength={100} />
        </div>

        <fieldset className="space-y-4 rounded-md border border-slate-200 p-4 md:col-span-2">
          <legend className="px-1 text-sm font-semibold text-slate-800">{t("form.config")}</legend>
          {js || fixed ? (
            <p className="text-sm text-slate-600" aria-live="polite">
              {!chosen ? t("hints.choose_platform") : t(needed.length ? "hints.config_for" : "hints.no_config", { platform: chosen.name })}
            </p>
          ) : (
            <p className="text-sm text-slate-600">{t("hints.config_nojs")}</p>
          )}
          <div className="grid gap-4 md:grid-cols-2">
            {CONFIG.map((key) => (
              <div key={key} hidden={!shown(key)}>
                <TextInput
                  {...field}
                  name={key}
                  type={key === "url" ? "url" : key === "phone_number" ? "tel" : "text"}
                  label={t(`fields.${key}`)}
                  hint={js || fixed ? t(`hints.${key}`) : `${t(`hints.${key}`)} ${t("hints.needed_by", { platforms: platformsNeeding(key) })}`}
                  placeholder={t(`placeholders.${key}`)}
                  inputMode={key === "phone_number" ? "tel" : undefined}
                  autoCapitalize="off"
                  spellCheck={false}
                />
              </div>
            ))}
          </div>
        </fieldset>

        <TextInput {...field} name="email" type="email" label={`${t("fields.email")} (${t("hints.optional")})`} autoComplete="email" />
        <TextInput {...field} name="phone" type="tel" label={`${t("fields.phone")} (${t("hints.optional")})`} hint={t("hints.phone")} autoComplete="tel" />

        <div className="md:col-span-2">
          {fixed?.isDefault ? (
            <p className="rounded-md bg-brand-50 px-3 py-2 text-sm text-brand-800">{t("hints.is_default_already")}</p>
          ) : (
            <div>
              <label className="flex items-start gap-2 text-sm text-slate-700">
                <input type="checkbox" name="is_default" value="on" id="channel-is_default" defaultChecked={form.checked("is_default")}
                  aria-invalid={form.errors("is_default") ? true : undefined} aria-describedby={form.errors("is_default") ? "channel-is_default-error" : undefined}
                  className="mt-0.5 h-4 w-4 rounded border-slate-300 text-brand-600 focus:ring-brand-500" />
                <span>
                  <span className="font-medium">{t("fields.is_default")}</span>
                  <span className="block text-xs text-slate-500">{t("hints.is_default")}</span>
                </span>
              </label>
              <FieldError id="channel-is_default-error" errors={form.errors("is_default")} />
            </div>
          )}
        </div>
      </div>
      <div className="flex flex-wrap justify-end gap-2">
        <Link to={cancelTo} className={buttonClass("secondary")}>{t("common:actions.cancel")}</Link>
        <SubmitButton>{submitLabel}</SubmitButton>
      </div>
    </Form>
  );
}
