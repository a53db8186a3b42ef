import { index, layout, route, type RouteConfig } from "@react-router/dev/routes";

// Every page exists in English (no prefix) and in Indonesian under /id: the optional :lang segment
// (routes/locale.tsx refuses any value but "id"). Folders mirror URLs.
export default [
  route(":lang?", "routes/locale.tsx", [
    index("routes/index.tsx"),
    route("language", "routes/language.tsx"),
    route("auth", "routes/auth/layout.tsx", [
      index("routes/auth/sign-in.tsx"),
      route("forgot-password", "routes/auth/forgot-password.tsx"),
      route("register", "routes/auth/register.tsx"),
    ]),
    route("logout", "routes/auth/logout.tsx"),
    route("outbox", "routes/outbox.tsx"),
    route("become-seller", "routes/become-seller/layout.tsx", [
      index("routes/become-seller/index.tsx"),
      route("form-register", "routes/become-seller/form-register.tsx"),
      route("moderation", "routes/become-seller/moderation.tsx"),
    ]),
    layout("routes/admin/layout.tsx", [
      route("dashboard", "routes/admin/dashboard.tsx"),
      route("orders", "routes/admin/orders/list.tsx"),
      route("business/switch", "routes/admin/business-switch.tsx"),
      route("exports/:id/download", "routes/admin/export-download.tsx"),
      route("profile", "routes/admin/profile/layout.tsx", [
        index("routes/admin/profile/index.tsx"),
        route("company", "routes/admin/profile/company/list.tsx"),
        route("company/add", "routes/admin/profile/company/add.tsx"),
        route("company/:slug", "routes/admin/profile/company/detail.tsx"),
        route("company/:slug/edit", "routes/admin/profile/company/edit.tsx"),
      ]),
    ]),
    route("error/not-found", "routes/error/not-found.tsx", { id: "error-not-found" }),
    route("error/maintance", "routes/error/maintenance.tsx"),
    route("*", "routes/error/not-found.tsx", { id: "splat" }),
  ]),
] satisfies RouteConfig;
