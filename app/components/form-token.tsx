/**
 * The one-time token of a create form (app/lib/form-token.server.ts): put it inside every form
 * that makes a record, so that sending the form twice makes one.
 *
 *   <Form method="post"><FormToken /> …fields… </Form>
 */
import { useRouteLoaderData } from "react-router";
import type { loader } from "#app/root.tsx";

export function FormToken() {
  const token = useRouteLoaderData<typeof loader>("root")?.formToken;
  return token ? <input type="hidden" name="_once" value={token} /> : null;
}
