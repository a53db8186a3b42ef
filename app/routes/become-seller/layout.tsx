import { Outlet } from "react-router";
import type { Route } from "./+types/layout";
import { requireNotSeller, requireUser } from "../../lib/auth.server.ts";

export const middleware: Route.MiddlewareFunction[] = [requireUser, requireNotSeller];

export default function BecomeSellerLayout() {
  return <Outlet />;
}
