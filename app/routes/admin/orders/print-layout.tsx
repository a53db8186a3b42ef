/**
 * The bare layout of the order print pages (invoice, shipping label, picklists): the admin layout's
 * guards — signed in, a seller, and for staff the Orders privilege (the path is under /orders) —
 * without its sidebar, header or realtime socket, so what is on screen is what goes on paper.
 */
import { Outlet } from "react-router";
import type { Route } from "./+types/print-layout";
import { GeneralErrorBoundary } from "#app/components/error-boundary.tsx";
import { requireSeller, requireUser } from "#app/lib/auth.server.ts";

export const middleware: Route.MiddlewareFunction[] = [requireUser, requireSeller];

export default function PrintLayout() {
  return <Outlet />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
