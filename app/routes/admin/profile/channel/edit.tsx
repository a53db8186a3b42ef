/**
 * /profile/channel/:slug (slug = channel id): "Edit Online Channel". The platform is fixed after
 * creation (shown, not editable; see core/profile/channels-save.ts); its required config is checked
 * here with the channel's own schema, then core saves it (as PUT /v0.0.2/channels/{id} does). The
 * default channel shows that it is the default instead of the checkbox: the default moves by
 * making another channel the default (an unticked box keeps the flag as it is). On success the
 * list opens with a notice.
 */
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, Link, redirect } from "react-router";
import { useTranslation, useLocale } from "#app/lib/i18n-react.tsx";
import type { Route } from "./+types/edit";
import { channelUpdateBody } from "#core/profile/channel-schema.ts";
import { getChannel } from "#core/profile/channels.ts";
import { channelUpdateSchema, updateChannel } from "#core/profile/channels-save.ts";
import { CHANNEL_PLATFORMS, type ChannelPlatformCode } from "#core/profile/profile-enums.ts";
import { ChannelForm, platformOptions } from "#app/components/channel-form.tsx";
import { GeneralErrorBoundary } from "#app/components/error-boundary.tsx";
import { getScope } from "#app/lib/auth.server.ts";
import { replyRefused } from "#app/lib/forms.server.ts";
import { getI18n, getLocale } from "#app/lib/i18n.server.ts";
import { localePath } from "#app/lib/i18n.ts";
import { idFromSlug } from "#app/lib/params.ts";
import { flashToast } from "#app/lib/session.server.ts";
import { pageTitle } from "#app/lib/meta.ts";

export async function loader(args: Route.LoaderArgs) {
  const id = idFromSlug(args.params.slug);
  const channel = await getChannel(getScope(args.context), id);
  const t = getI18n(args.context).getFixedT(getLocale(args.context));
  return {
    title: `${t("channel:edit")} · ${channel.name} | ${t("common:app_name")}`,
    channel,
    constraint: getZodConstraint(channelUpdateBody(channel.channel_data.code as ChannelPlatformCode)),
    platforms: platformOptions(CHANNEL_PLATFORMS).filter((p) => p.code === channel.channel_data.code),
  };
}

export async function action(args: Route.ActionArgs) {
  const id = idFromSlug(args.params.slug);
  const scope = getScope(args.context);
  const schema = await channelUpdateSchema(scope, id);
  const submission = parseWithZod(await args.request.formData(), { schema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  try {
    // An unticked box keeps the channel's default flag (a default is moved, not unset).
    await updateChannel(scope, id, { ...submission.value, is_default: submission.value.is_default || undefined });
  } catch (e) {
    return replyRefused(args, submission, e);
  }
  flashToast(args.context, "success", getI18n(args.context).getFixedT(getLocale(args.context))("channel:api.updated"));
  throw redirect(localePath(getLocale(args.context), "/profile/channel"));
}

export default function EditChannel({ loaderData, actionData }: Route.ComponentProps) {
  const { channel: ch } = loaderData;
  const { t } = useTranslation("channel");
  const lang = useLocale();
  const list = localePath(lang, "/profile/channel");
  return (
    <div className="mx-auto max-w-3xl space-y-4">
      <Link to={list} className="text-sm font-medium text-brand-700 hover:underline">← {t("back_to_list")}</Link>
      <h1 className="text-xl font-semibold text-slate-900">{t("edit")}</h1>
      <p className="text-sm text-slate-600">{ch.name}</p>
      <section className="rounded-lg border border-slate-200 bg-white p-4 sm:p-6">
        <ChannelForm
          constraint={loaderData.constraint}
          lastResult={actionData}
          platforms={loaderData.platforms}
          fixed={{ code: ch.channel_data.code, isDefault: ch.is_default }}
          defaultValue={{
            name: ch.name, email: ch.email ?? "", phone: ch.phone ?? "", url: ch.url ?? "", username: ch.username ?? "",
            phone_number: ch.phone_number ?? "", line_id: ch.line_id ?? "",
          }}
          submitLabel={t("common:actions.save")}
          cancelTo={list}
        />
      </section>
    </div>
  );
}

export const meta = pageTitle;

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
