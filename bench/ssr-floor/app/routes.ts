import { route, type RouteConfig } from "@react-router/dev/routes";

export default [route("orders", "routes/orders.tsx")] satisfies RouteConfig;
