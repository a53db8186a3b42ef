/**
 * The service layer's refusals, free of HTTP. Each adapter maps them once:
 * the REST API (api/app.ts) to a status and the spec's envelope, the web (app/lib/errors.server.ts)
 * to a message under the field, the 404 / 403 page, or the sign-in page.
 *
 * `message` and field messages are translation keys ("ns:key"), translated by the adapter in the
 * caller's language with `vars`.
 *
 *   NotFound         no such record for this actor (another business's record is the same: 404)
 *   Forbidden        the actor may not do this (not a seller, no privilege)
 *   Unauthenticated  no live session or token
 *   Refused          the input or the record's state refuses the change; `fields` per field
 *   Conflict         two changes crossed (deadlock, changed since it was read): send it again
 *   TooMany          a rate limit; `seconds` until the next try
 *   Unavailable      an outside service (geocoder, OTP transport) did not answer
 *   ReauthRequired   a sensitive change wants the password typed again (core/auth/reauth.ts)
 */
export class DomainError extends Error {
  constructor(message: string, public vars?: Record<string, unknown>) {
    super(message);
    this.name = new.target.name;
  }
}

export class NotFound extends DomainError {
  constructor(message = "api:errors.not_found", vars?: Record<string, unknown>) {
    super(message, vars);
  }
}

export class Forbidden extends DomainError {
  constructor(message = "api:errors.forbidden", vars?: Record<string, unknown>) {
    super(message, vars);
  }
}

export class Unauthenticated extends DomainError {
  constructor(message = "api:errors.unauthenticated", vars?: Record<string, unknown>) {
    super(message, vars);
  }
}

export type FieldMessages = Record<string, string[]>;

export class Refused extends DomainError {
  constructor(message = "api:errors.validation", public fields?: FieldMessages, vars?: Record<string, unknown>) {
    super(message, vars);
  }
}

export class Conflict extends DomainError {
  constructor(message = "api:errors.conflict", vars?: Record<string, unknown>) {
    super(message, vars);
  }
}

export class TooMany extends DomainError {
  constructor(message: string, public seconds: number) {
    super(message, { seconds });
  }
}

/**
 * The business asks for the password again before this change (its security setting is Password)
 * and this session has not typed it in the last 5 minutes: the API answers 401 (spec 8: the
 * client drops its setting token), the web shows its password step (app/lib/reauth.server.ts).
 * A kind of Unauthenticated (the session's sign-in is not fresh enough), so a handler that lets
 * Unauthenticated through to its page lets this through too.
 */
export class ReauthRequired extends Unauthenticated {
  constructor(message = "auth:api.reauth_required", vars?: Record<string, unknown>) {
    super(message, vars);
  }
}

export class Unavailable extends DomainError {
  constructor(message = "api:errors.server", vars?: Record<string, unknown>) {
    super(message, vars);
  }
}

/** The PostgreSQL error code ("23505") of a failed query; Drizzle wraps the driver's error as `cause`. */
export function pgErrorCode(err: unknown): string | undefined {
  const e = err as { code?: unknown; cause?: { code?: unknown } } | null;
  const code = typeof e?.code === "string" ? e.code : e?.cause?.code;
  return typeof code === "string" ? code : undefined;
}

/**
 * A rule of the data that a check did not foresee (a race past its own check) is the caller's
 * refusal or conflict, not a server fault: unique violations (a double submit), check violations,
 * a row still referenced and numbers past the column's range are refusals; two changes that
 * crossed (deadlock, serialization) are a conflict, to be sent again. Anything else: undefined.
 */
export function domainErrorOfDatabase(err: unknown): DomainError | undefined {
  switch (pgErrorCode(err)) {
    case "23505": return new Refused("api:errors.duplicate");
    case "23514": return new Refused("api:errors.rule");
    case "23503": return new Refused("api:errors.in_use");
    case "22003": return new Refused("api:errors.out_of_range");
    case "40P01":
    case "40001": return new Conflict();
    default: return undefined;
  }
}

/**
 * `raw` checked with `schema` (the one Zod schema of that input, shared by the web's form and the
 * REST handler), or Refused with the messages per field as translation keys: a schema's bare
 * message ("required") is a key of the validation namespace.
 */
export function parseInput<S extends { safeParse(raw: unknown): { success: true; data: unknown } | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } } }>(
  schema: S,
  raw: unknown,
): Extract<ReturnType<S["safeParse"]>, { success: true }>["data"] {
  const result = schema.safeParse(raw);
  if (result.success) return result.data as never;
  throw new Refused("api:errors.validation", fieldMessages(result.error.issues));
}

/** Zod issues as field messages (keys), "_form" for the input as a whole. */
export function fieldMessages(issues: { path: PropertyKey[]; message: string }[]): FieldMessages {
  const out: FieldMessages = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join(".") || "_form";
    (out[key] ??= []).push(issue.message.includes(":") ? issue.message : `validation:${issue.message}`);
  }
  return out;
}
