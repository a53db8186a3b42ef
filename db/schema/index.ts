export * from "./auth.ts";
export * from "./business.ts";
export * from "./commerce.ts";
export * from "./jobs.ts";
export * from "./reference.ts";
export * from "./profile.ts";
