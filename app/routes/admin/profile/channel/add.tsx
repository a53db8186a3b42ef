/**
 * /profile/channel/add: a new online channel of the business the user works in. The platform's
 * required config is checked here (the API's own schema, core/profile/channel-schema.ts), then core
 * saves it (core/profile/channels-save.ts, as POST /v0.0.1/channels does); a mistake keeps everything
 * typed and says what to fix next to the field. On success the channel list opens with a notice.
 */
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, Link, redirect } from "react-router";
import { useTranslation, useLocale } from "#app/lib/i18n-react.tsx";
import type { Route } from "./+types/add";
import { channelCreateBody } from "#core/profile/channel-schema.ts";
import { createChannel } from "#core/profile/channels-save.ts";
import { CHANNEL_PLATFORMS } from "#core/profile/profile-enums.ts";
import { ChannelForm, platformOptions } from "#app/components/channel-form.tsx";
import { GeneralErrorBoundary } from "#app/components/error-boundary.tsx";
import { getScope } from "#app/lib/auth.server.ts";
import { replyRefused } from "#app/lib/forms.server.ts";
import { getI18n, getLocale } from "#app/lib/i18n.server.ts";
import { localePath } from "#app/lib/i18n.ts";
import { flashToast } from "#app/lib/session.server.ts";
import { pageTitle } from "#app/lib/meta.ts";

export async function loader(args: Route.LoaderArgs) {
  const t = getI18n(args.context).getFixedT(getLocale(args.context));
  return {
    title: `${t("channel:add")} | ${t("common:app_name")}`,
    constraint: getZodConstraint(channelCreateBody),
    platforms: platformOptions(CHANNEL_PLATFORMS),
  };
}

export async function action(args: Route.ActionArgs) {
  const submission = parseWithZod(await args.request.formData(), { schema: channelCreateBody });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  try {
    await createChannel(getScope(args.context), submission.value);
  } catch (e) {
    return replyRefused(args, submission, e);
  }
  flashToast(args.context, "success", getI18n(args.context).getFixedT(getLocale(args.context))("channel:api.created"));
  throw redirect(localePath(getLocale(args.context), "/profile/channel"));
}

export default function AddChannel({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("channel");
  const lang = useLocale();
  const list = localePath(lang, "/profile/channel");
  return (
    <div className="mx-auto max-w-3xl space-y-4">
      <Link to={list} className="text-sm font-medium text-brand-700 hover:underline">← {t("back_to_list")}</Link>
      <h1 className="text-xl font-semibold text-slate-900">{t("add")}</h1>
      <section className="rounded-lg border border-slate-200 bg-white p-4 sm:p-6">
        <ChannelForm
          constraint={loaderData.constraint}
          lastResult={actionData}
          platforms={loaderData.platforms}
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
