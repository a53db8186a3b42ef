/** The demo logins core/demo/seed.ts creates (README "The two commands"), for the API tests, e2e and the bench. */
export const DEMO = {
  seller: "seller@indie.test",
  seller2: "seller2@indie.test",
  staff: "staff@indie.test",
  newbie: "newbie@indie.test",
  password: "indie-demo",
} as const;
