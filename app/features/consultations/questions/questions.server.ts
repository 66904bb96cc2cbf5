/**
 * A consultation type's questions, managed in the site studio (admins and super admins): add,
 * edit, reorder and delete, at most `QUESTION_LIMITS.perType` a type. Every change is one
 * transaction with its audit entry, under a lock on the type's row, so two staff adding at once
 * cannot pass the limit or share a place in the order. Bookings keep their own snapshot of what
 * was asked (`consultation_bookings.answers`), so no change here reaches an answer given.
 */
import { asc, count, eq } from "drizzle-orm";
import { db, type Database, type Transaction } from "~/db/client.server";
import { consultationQuestions, consultationTypes } from "~/db/schema";
import { type AuditActor, recordAudit } from "~/features/audit/audit.server";
import { QUESTION_LIMITS, type QuestionInput } from "./question-form";

/** A question as stored. */
export type ConsultationQuestion = typeof consultationQuestions.$inferSelect;

/** Why a change was refused: no such type or question, or the type already asks the most questions. */
export type QuestionChangeError = "missing" | "too_many";

type Outcome = { ok: true; id: string } | { ok: false; reason: QuestionChangeError };

/** The type's questions in the wizard's order (empty for an unknown type). */
export async function listQuestions(typeId: string, executor: Database | Transaction = db): Promise<ConsultationQuestion[]> {
  return executor
    .select()
    .from(consultationQuestions)
    .where(eq(consultationQuestions.typeId, typeId))
    .orderBy(asc(consultationQuestions.sortOrder), asc(consultationQuestions.createdAt));
}

/** The type's id and name, or null when it does not exist. */
export async function questionType(typeId: string): Promise<{ id: string; name: string } | null> {
  const [type] = await db.select({ id: consultationTypes.id, name: consultationTypes.name }).from(consultationTypes).where(eq(consultationTypes.id, typeId));
  return type ?? null;
}

/** The type's row locked for the change, or null when it does not exist. */
async function lockType(tx: Transaction, typeId: string) {
  const [type] = await tx.select({ id: consultationTypes.id, name: consultationTypes.name }).from(consultationTypes).where(eq(consultationTypes.id, typeId)).for("update");
  return type ?? null;
}

/** Adds a question at the end of the type's order; "too_many" once it asks `QUESTION_LIMITS.perType`. */
export async function createQuestion(actor: AuditActor, typeId: string, input: QuestionInput): Promise<Outcome> {
  return db.transaction(async (tx) => {
    const type = await lockType(tx, typeId);
    if (!type) return { ok: false as const, reason: "missing" as const };
    const [asked] = await tx.select({ n: count() }).from(consultationQuestions).where(eq(consultationQuestions.typeId, typeId));
    const n = Number(asked?.n ?? 0);
    if (n >= QUESTION_LIMITS.perType) return { ok: false as const, reason: "too_many" as const };
    const [row] = await tx
      .insert(consultationQuestions)
      .values({ ...input, typeId, sortOrder: n + 1 })
      .returning({ id: consultationQuestions.id });
    await recordAudit(tx, { actor, action: "consultation_question.created", entityType: "consultation_type", entityId: typeId, details: { question: row!.id, label: input.label, kind: input.kind } });
    return { ok: true as const, id: row!.id };
  });
}

/** The question's row locked (with its type's), or null when it does not exist. */
async function lockQuestion(tx: Transaction, id: string) {
  const [found] = await tx.select({ typeId: consultationQuestions.typeId }).from(consultationQuestions).where(eq(consultationQuestions.id, id));
  if (!found || !(await lockType(tx, found.typeId))) return null;
  const [question] = await tx.select().from(consultationQuestions).where(eq(consultationQuestions.id, id));
  return question ?? null;
}

/** Changes a question's kind, words, options or bounds; bookings already made keep what they were asked. */
export async function updateQuestion(actor: AuditActor, id: string, input: QuestionInput, now: Date = new Date()): Promise<Outcome> {
  return db.transaction(async (tx) => {
    const before = await lockQuestion(tx, id);
    if (!before) return { ok: false as const, reason: "missing" as const };
    await tx.update(consultationQuestions).set({ ...input, updatedAt: now }).where(eq(consultationQuestions.id, id));
    await recordAudit(tx, {
      actor,
      action: "consultation_question.updated",
      entityType: "consultation_type",
      entityId: before.typeId,
      details: { question: id, before: { label: before.label, kind: before.kind, required: before.required }, after: { label: input.label, kind: input.kind, required: input.required } },
    });
    return { ok: true as const, id };
  });
}

/** Moves a question one place up or down in its type's order (renumbering the type's questions 1..n). */
export async function moveQuestion(actor: AuditActor, id: string, direction: "up" | "down"): Promise<Outcome> {
  return db.transaction(async (tx) => {
    const question = await lockQuestion(tx, id);
    if (!question) return { ok: false as const, reason: "missing" as const };
    const order = await listQuestions(question.typeId, tx);
    const at = order.findIndex((q) => q.id === id);
    const to = direction === "up" ? at - 1 : at + 1;
    if (to < 0 || to >= order.length) return { ok: true as const, id };
    [order[at], order[to]] = [order[to]!, order[at]!];
    for (const [i, q] of order.entries()) {
      if (q.sortOrder !== i + 1) await tx.update(consultationQuestions).set({ sortOrder: i + 1 }).where(eq(consultationQuestions.id, q.id));
    }
    await recordAudit(tx, { actor, action: "consultation_question.moved", entityType: "consultation_type", entityId: question.typeId, details: { question: id, label: question.label, direction } });
    return { ok: true as const, id };
  });
}

/** Deletes a question; answers already given keep their snapshot. */
export async function deleteQuestion(actor: AuditActor, id: string): Promise<Outcome> {
  return db.transaction(async (tx) => {
    const question = await lockQuestion(tx, id);
    if (!question) return { ok: false as const, reason: "missing" as const };
    await tx.delete(consultationQuestions).where(eq(consultationQuestions.id, id));
    await recordAudit(tx, { actor, action: "consultation_question.deleted", entityType: "consultation_type", entityId: question.typeId, details: { question: id, label: question.label } });
    return { ok: true as const, id };
  });
}
