import { redirect } from "react-router";
import type { Route } from "./+types/language";
import { localePath, stripLocale } from "#app/lib/i18n.ts";
import { langCookie } from "#app/lib/lang-cookie.server.ts";
import { safeRedirect } from "#app/lib/safe-redirect.ts";

/** POST { lng, redirectTo }: remembers the language and reopens the same page in it. */
export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  const lng = form.get("lng") === "id" ? "id" : "en";
  const [path, search = ""] = safeRedirect(form.get("redirectTo"), "/").split("?");
  return redirect(localePath(lng, stripLocale(path)) + (search ? `?${search}` : ""), {
    headers: { "Set-Cookie": await langCookie.serialize(lng) },
  });
}

export async function loader() {
  return redirect("/");
}
