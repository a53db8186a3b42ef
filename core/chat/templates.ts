/**
 * Quick replies: a business's saved texts the chat's reply form offers (decision 27). Privilege
 * `inbox` (whoever answers buyers keeps their answers); at most 100 a business; a title once per
 * business (case-insensitive). The one writer of `chat_templates`.
 */
import { and, asc, count, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { chatTemplates } from "#db/schema/index.ts";
import { sellerScope, type Scope } from "#core/actor.ts";
import { NotFound, Refused } from "#core/errors.ts";
import { recordHistory } from "#core/lib/history.ts";
import { CHAT_MESSAGE_MAX } from "./options.ts";

export const TEMPLATES_MAX = 100;

export const templateBody = z.object({
  title: z.string({ error: "required" }).trim().min(1, "required").max(60, "too_long"),
  body: z.string({ error: "required" }).trim().min(1, "required").max(CHAT_MESSAGE_MAX, "too_long"),
});

const json = (t: typeof chatTemplates.$inferSelect) => ({ template_id: t.id, title: t.title, body: t.body });

export async function listTemplates(scope: Scope) {
  const { db, actor } = sellerScope(scope, "inbox");
  const rows = await db.select().from(chatTemplates).where(eq(chatTemplates.businessId, actor.member.businessId)).orderBy(asc(sql`lower(${chatTemplates.title})`));
  return rows.map(json);
}

export async function createTemplate(scope: Scope, body: z.infer<typeof templateBody>) {
  const { db, actor } = sellerScope(scope, "inbox");
  const businessId = actor.member.businessId;
  return db.transaction(async (tx) => {
    // Serialises a business's creations, so the cap and the title check hold under concurrency.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('chat_templates'), ${businessId})`);
    const [{ n }] = await tx.select({ n: count() }).from(chatTemplates).where(eq(chatTemplates.businessId, businessId));
    if (Number(n) >= TEMPLATES_MAX) throw new Refused("chat:errors.templates_full", { title: ["chat:errors.templates_full"] });
    const [t] = await tx.insert(chatTemplates).values({ businessId, ...body }).onConflictDoNothing().returning();
    if (!t) throw new Refused("chat:errors.template_taken", { title: ["chat:errors.template_taken"] });
    await recordHistory(tx, { businessId, refType: "chat_template", refId: t.id, userId: actor.user.id, action: "create", changes: { title: { from: null, to: t.title } } });
    return json(t);
  });
}

export async function deleteTemplate(scope: Scope, templateId: number) {
  const { db, actor } = sellerScope(scope, "inbox");
  const businessId = actor.member.businessId;
  return db.transaction(async (tx) => {
    const [t] = await tx.delete(chatTemplates).where(and(eq(chatTemplates.id, templateId), eq(chatTemplates.businessId, businessId))).returning();
    if (!t) throw new NotFound("chat:errors.template_not_found");
    await recordHistory(tx, { businessId, refType: "chat_template", refId: t.id, userId: actor.user.id, action: "delete", changes: { title: { from: t.title, to: null } } });
    return { template_id: t.id };
  });
}
