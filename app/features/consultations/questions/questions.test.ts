import { randomUUID } from "node:crypto";
import { parse } from "csv-parse/sync";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { auditLog, consultationAvailability, consultationBookings, consultationQuestions, consultationTypes, emailOutbox, webhookDeliveries, webhookEndpoints } from "~/db/schema";
import { issueFormToken } from "~/features/abuse/form-guard.server";
import { erasePerson } from "~/features/data-protection/erasure.server";
import { subjectRecordsCsv } from "~/features/data-protection/subject-access-export.server";
import { findSubjectRecords } from "~/features/data-protection/subject-access.server";
import { opened } from "~/features/mail/test-factories";
import { action } from "~/routes/public/book-consultation";
import { parseSubmission } from "~/utils/forms";
import { addDays, londonToday } from "~/utils/time";
import { setupTestDatabase } from "../../../../tests/setup/database";
import { exportBookingsCsv } from "../bookings/index.server";
import { createBooking } from "../wizard/index.server";
import { BookingDetailsSchema } from "../core/index.server";
import { answerField } from "./answer-fields";
import { checkAnswers } from "./answers.server";
import { QUESTION_LIMITS, QuestionSchema, type QuestionInput } from "./question-form";
import { createQuestion, deleteQuestion, listQuestions, moveQuestion, updateQuestion } from "./questions.server";

setupTestDatabase();

const actor = { userId: "u-staff", email: "staff@example.com" };

/** A question as the studio's form posts it. */
function question(fields: Record<string, string>): QuestionInput {
  const parsed = parseSubmission(QuestionSchema, { kind: "short_text", label: "Question", ...fields });
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.fieldErrors));
  return parsed.values;
}

async function typeWithSlot() {
  const [type] = await db.insert(consultationTypes).values({ name: "Review", durationMinutes: 60 }).returning();
  const [slot] = await db.insert(consultationAvailability).values({ date: addDays(londonToday(new Date()), 5), startTime: "10:00", endTime: "11:00", maxBookings: 5 }).returning();
  return { type: type!, slot: slot! };
}

/** The usual questions: a required choice (translated into French), an optional number, a required yes/no, a long text. */
async function askEverything(typeId: string) {
  const made = [
    await createQuestion(actor, typeId, question({ kind: "one_choice", label: "Structure type", required: "on", options: "Steel\nConcrete\nTimber", label_fr: "Type de structure", options_fr: "Acier\nBéton" })),
    await createQuestion(actor, typeId, question({ kind: "number", label: "Storeys", numberMin: "1", numberMax: "100" })),
    await createQuestion(actor, typeId, question({ kind: "yes_no", label: "Do you have drawings?", required: "on" })),
    await createQuestion(actor, typeId, question({ kind: "several_choices", label: "Hazards", options: "Flood\nEarthquake\nWind" })),
    await createQuestion(actor, typeId, question({ kind: "long_text", label: "Anything else?" })),
  ];
  return made.map((r) => (r.ok ? r.id : ""));
}

describe("the studio's question form", () => {
  it("needs a label, at least two different options for a choice, and bounds in order", () => {
    const refused = (fields: Record<string, string>) => {
      const parsed = parseSubmission(QuestionSchema, fields);
      return parsed.ok ? {} : parsed.fieldErrors;
    };
    expect(refused({ kind: "short_text", label: "" }).label).toEqual(["Enter the question."]);
    expect(refused({ kind: "short_text", label: "x".repeat(201) }).label).toEqual(["Use at most 200 characters for the question."]);
    expect(refused({ kind: "short_text", label: "Q", help: "x".repeat(501) }).help).toEqual(["Use at most 500 characters for the help text."]);
    expect(refused({ kind: "one_choice", label: "Q", options: "Only one" }).options).toEqual(["Give at least 2 options, one a line."]);
    expect(refused({ kind: "one_choice", label: "Q", options: "Steel\nsteel" }).options).toEqual(["Give each option once."]);
    expect(refused({ kind: "one_choice", label: "Q", options: Array.from({ length: 21 }, (_, i) => `o${i}`).join("\n") }).options).toEqual(["Offer at most 20 options."]);
    expect(refused({ kind: "number", label: "Q", numberMin: "10", numberMax: "5" }).numberMax).toEqual(["The largest number must not be smaller than the smallest."]);
    expect(refused({ kind: "number", label: "Q", numberMin: "1.5" }).numberMin).toEqual(["Enter the smallest number as a whole number."]);
    expect(refused({ kind: "dropdown", label: "Q" }).kind).toEqual(["Choose what the question asks for."]);
    expect(refused({ kind: "one_choice", label: "Q", options: "A\nB", options_fr: "A\nB\nC" }).options_fr).toEqual(["Give at most one translation per English option, in the same order."]);
  });

  it("keeps the translated words by language, leaves out an untranslated language and drops options of a text question", () => {
    const q = question({ kind: "short_text", label: "Site address\u0007", options: "a\nb", label_ar: "عنوان الموقع" });
    expect(q).toMatchObject({ label: "Site address", options: [], translations: { ar: { label: "عنوان الموقع", help: "", options: [] } } });
    expect(Object.keys(q.translations)).toEqual(["ar"]);
  });
});

describe("a type's questions", () => {
  it("are kept in order, moved and deleted, each change audited, and at most 20 a type", async () => {
    const { type } = await typeWithSlot();
    const ids = await askEverything(type.id);
    await moveQuestion(actor, ids[2]!, "up");
    expect((await listQuestions(type.id)).map((q) => q.label)).toEqual(["Structure type", "Do you have drawings?", "Storeys", "Hazards", "Anything else?"]);
    await deleteQuestion(actor, ids[4]!);
    for (let i = (await listQuestions(type.id)).length; i < QUESTION_LIMITS.perType; i++) {
      expect((await createQuestion(actor, type.id, question({ label: `Q${i}` }))).ok).toBe(true);
    }
    expect(await createQuestion(actor, type.id, question({ label: "One too many" }))).toEqual({ ok: false, reason: "too_many" });
    expect(await listQuestions(type.id)).toHaveLength(20);
    expect(await createQuestion(actor, randomUUID(), question({}))).toEqual({ ok: false, reason: "missing" });
    const actions = (await db.select({ action: auditLog.action }).from(auditLog)).map((r) => r.action);
    expect(actions).toContain("consultation_question.moved");
    expect(actions).toContain("consultation_question.deleted");
  });

  it("go with their type when it is deleted", async () => {
    const { type } = await typeWithSlot();
    await askEverything(type.id);
    await db.delete(consultationTypes).where(eq(consultationTypes.id, type.id));
    expect(await db.select().from(consultationQuestions)).toHaveLength(0);
  });
});

describe("the visitor's answers", () => {
  it("are checked in the visitor's language, with a clear message beside each field", async () => {
    const { type } = await typeWithSlot();
    const [choice, storeys, drawings, hazards, notes] = await askEverything(type.id);
    const check = (fields: Record<string, string | string[]>, language: "en" | "fr" = "en") => checkAnswers(type.id, fields, language);
    const errors = async (fields: Record<string, string | string[]>, language: "en" | "fr" = "en") => {
      const result = await check(fields, language);
      return result.ok ? {} : result.fieldErrors;
    };
    expect(await errors({})).toEqual({ [answerField(choice!)]: ["Please answer this question"], [answerField(drawings!)]: ["Please answer this question"] });
    expect((await errors({}, "fr"))[answerField(choice!)]).toEqual(["Veuillez répondre à cette question"]);
    const good = { [answerField(choice!)]: "Steel", [answerField(drawings!)]: "no" };
    expect((await errors({ ...good, [answerField(choice!)]: "Bamboo" }))[answerField(choice!)]).toEqual(["Please choose one of the options offered"]);
    expect((await errors({ ...good, [answerField(hazards!)]: ["Flood", "Meteor"] }))[answerField(hazards!)]).toEqual(["Please choose one of the options offered"]);
    expect((await errors({ ...good, [answerField(hazards!)]: ["Flood", "Flood"] }))[answerField(hazards!)]).toEqual(["Please choose one of the options offered"]);
    expect((await errors({ ...good, [answerField(drawings!)]: "maybe" }))[answerField(drawings!)]).toEqual(["Please choose one of the options offered"]);
    expect((await errors({ ...good, [answerField(storeys!)]: "101" }))[answerField(storeys!)]).toEqual(["Please enter a number from 1 to 100"]);
    expect((await errors({ ...good, [answerField(storeys!)]: "101" }, "fr"))[answerField(storeys!)]).toEqual(["Veuillez saisir un nombre entre 1 et 100"]);
    expect((await errors({ ...good, [answerField(storeys!)]: "1e3" }))[answerField(storeys!)]).toEqual(["Please enter a number"]);
    expect((await errors({ ...good, [answerField(storeys!)]: "9".repeat(400) }))[answerField(storeys!)]).toEqual(["Please enter a number"]);
    expect((await errors({ ...good, [answerField(notes!)]: "x".repeat(10_000) }))[answerField(notes!)]).toEqual(["Please keep your answer to 2000 characters"]);
  });

  it("read a hostile post in bounded time and memory: 100,000 stray fields, a 1 MB answer, a 100,000-digit number", async () => {
    const { type } = await typeWithSlot();
    const [choice, storeys, , hazards, notes] = await askEverything(type.id);
    const form = new FormData();
    for (let i = 0; i < 100_000; i++) form.append(`q_${i}`, "x");
    form.append(answerField(notes!), "x\u202e".repeat(500_000));
    form.append(answerField(storeys!), "9".repeat(100_000));
    for (let i = 0; i < 10_000; i++) form.append(answerField(hazards!), "Flood");
    form.append(answerField(choice!), "Steel");
    const heap = process.memoryUsage().heapUsed;
    const cpu = process.cpuUsage();
    const result = await checkAnswers(type.id, form, "en");
    const used = process.cpuUsage(cpu);
    const cpuMs = (used.user + used.system) / 1000;
    console.info(`hostile answers: ${cpuMs.toFixed(0)} ms CPU, heap +${((process.memoryUsage().heapUsed - heap) / 1e6).toFixed(1)} MB`);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.fieldErrors).toMatchObject({
      [answerField(notes!)]: ["Please keep your answer to 2000 characters"],
      [answerField(storeys!)]: ["Please enter a number"],
      [answerField(hazards!)]: ["Please choose one of the options offered"],
    });
    // Only the type's own fields are echoed back, each with at most 20 values.
    expect(Object.keys(!result.ok ? result.values : {})).toHaveLength(4);
    expect(!result.ok && result.values[answerField(hazards!)]).toHaveLength(20);
    expect(cpuMs).toBeLessThan(2_000);
    expect(process.memoryUsage().heapUsed - heap).toBeLessThan(200e6);
  });

  it("become the snapshot a booking keeps: label and answer in English and in the language asked", async () => {
    const { type } = await typeWithSlot();
    const [choice, storeys, drawings, hazards, notes] = await askEverything(type.id);
    const result = await checkAnswers(
      type.id,
      { [answerField(choice!)]: "Concrete", [answerField(storeys!)]: "12,5", [answerField(drawings!)]: "yes", [answerField(hazards!)]: ["Wind", "Flood"], [answerField(notes!)]: "  Line one\nline two  " },
      "fr",
    );
    expect(result.ok && result.values).toEqual([
      { questionId: choice, kind: "one_choice", label: { en: "Structure type", asked: "Type de structure" }, answer: { en: "Concrete", asked: "Béton" }, value: "Concrete" },
      { questionId: storeys, kind: "number", label: { en: "Storeys", asked: "Storeys" }, answer: { en: "12.5", asked: "12.5" }, value: 12.5 },
      { questionId: drawings, kind: "yes_no", label: { en: "Do you have drawings?", asked: "Do you have drawings?" }, answer: { en: "Yes", asked: "Oui" }, value: true },
      { questionId: hazards, kind: "several_choices", label: { en: "Hazards", asked: "Hazards" }, answer: { en: "Flood, Wind", asked: "Flood, Wind" }, value: ["Flood", "Wind"] },
      { questionId: notes, kind: "long_text", label: { en: "Anything else?", asked: "Anything else?" }, answer: { en: "Line one\nline two", asked: "Line one\nline two" }, value: "Line one\nline two" },
    ]);
  });
});

/** Posts to the wizard's action as a browser without JavaScript would, from a new address each time. */
let visitor = 0;
async function post(path: string, fields: [string, string][]) {
  const request = new Request(`http://localhost${path}`, { method: "POST", body: new URLSearchParams(fields) });
  return action({ request, params: path.startsWith("/fr/") ? { lang: "fr" } : {}, context: { clientIp: `198.51.100.${++visitor}` } } as never);
}

describe("a booking's answers", () => {
  it("are refused with 400 and the answers kept when wrong, then stored and never changed by editing or deleting the question", async () => {
    const { type, slot } = await typeWithSlot();
    const [choice, storeys, drawings, hazards] = await askEverything(type.id);
    const details: [string, string][] = [
      ["name", "Jo Bloggs"],
      ["email", "jo@example.com"],
    ];
    // Step 3's review in French: the choice not offered, the number out of range, 1,000 stray fields.
    const review = (await post(`/fr/book-consultation?step=4&type=${type.id}&slot=${slot.id}`, [
      ["intent", "review"],
      ...details,
      [answerField(choice!), "Bamboo"],
      [answerField(storeys!), "500"],
      [answerField(hazards!), "Flood"],
      [answerField(hazards!), "Wind"],
      ...Array.from({ length: 1000 }, (_, i): [string, string] => [`q_${i}`, "x"]),
    ])) as unknown as { init: { status: number }; data: Record<string, unknown> };
    expect(review.init.status).toBe(400);
    expect(review.data.fieldErrors).toEqual({
      [answerField(choice!)]: ["Veuillez choisir l’une des options proposées"],
      [answerField(storeys!)]: ["Veuillez saisir un nombre entre 1 et 100"],
      [answerField(drawings!)]: ["Veuillez répondre à cette question"],
    });
    expect((review.data.answers as Record<string, string[]>)[answerField(hazards!)]).toEqual(["Flood", "Wind"]);

    const confirmed = await post(`/fr/book-consultation?step=4&type=${type.id}&slot=${slot.id}`, [
      ["intent", "confirm"],
      ...details,
      ["typeId", type.id],
      ["slotId", slot.id],
      ["idempotencyKey", randomUUID()],
      ["formToken", issueFormToken(new Date(Date.now() - 20_000))],
      ["website", ""],
      [answerField(choice!), "Concrete"],
      [answerField(drawings!), "no"],
      [answerField(hazards!), "Flood"],
    ]);
    expect(confirmed).toBeInstanceOf(Response);
    const [booking] = await db.select().from(consultationBookings);
    const stored = booking!.answers;
    expect(stored.map((a) => [a.label.en, a.answer.en, a.answer.asked])).toEqual([
      ["Structure type", "Concrete", "Béton"],
      ["Storeys", "", ""],
      ["Do you have drawings?", "No", "Non"],
      ["Hazards", "Flood", "Flood"],
      ["Anything else?", "", ""],
    ]);

    await updateQuestion(actor, choice!, question({ kind: "one_choice", label: "Frame", required: "on", options: "Masonry\nSteel" }));
    await deleteQuestion(actor, drawings!);
    const [after] = await db.select().from(consultationBookings);
    expect(after!.answers).toEqual(stored);
  });
});

describe("a booking's answers reach staff", () => {
  it("in their e-mail, the bookings' CSV, the webhook, the subject-access export, and are erased with the person", async () => {
    const { type, slot } = await typeWithSlot();
    const [choice, , drawings] = await askEverything(type.id);
    await db.insert(webhookEndpoints).values({ url: "https://hooks.example.com/in", events: ["booking.created"], secretEncrypted: "unused" });
    const answers = await checkAnswers(type.id, { [answerField(choice!)]: "Timber", [answerField(drawings!)]: "yes" }, "fr");
    if (!answers.ok) throw new Error("answers refused");
    const details = BookingDetailsSchema.parse({ name: "Ada Lovelace", email: "ada@example.com" });
    const made = await createBooking({ typeId: type.id, slotId: slot.id, details, answers: answers.values, language: "fr" }, { idempotencyKey: randomUUID(), clientIp: "198.51.100.7" });

    const [staffMail] = await opened(db.select().from(emailOutbox).where(eq(emailOutbox.kind, "booking.staff_notification")));
    expect(staffMail!.text).toContain("Structure type\nTimber");
    expect(staffMail!.text).toContain("Do you have drawings?\nYes");
    expect(staffMail!.text).toContain("Storeys\nNot answered");

    const csv = parse(await new Response(exportBookingsCsv()).text(), { columns: true, bom: true }) as Record<string, string>[];
    expect(csv[0]!.Answers).toBe("Structure type: Timber\nStoreys: Not answered\nDo you have drawings?: Yes\nHazards: Not answered\nAnything else?: Not answered");

    const [delivery] = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.bookingId, made.booking.id));
    expect(JSON.parse(delivery!.body!).data.booking.answers[0]).toEqual({
      questionId: choice,
      kind: "one_choice",
      label: { en: "Structure type", asked: "Type de structure" },
      answer: { en: "Timber", asked: "Timber" },
      value: "Timber",
    });

    const records = await findSubjectRecords("ada@example.com");
    expect(records.bookings[0]!.answers).toEqual(answers.values);
    expect(subjectRecordsCsv(records, "bookings")).toContain("Structure type: Timber");

    expect(await erasePerson(actor, { email: "ada@example.com", cancelFutureBookings: true, expectedFutureBookings: 1 })).toMatchObject({ ok: true });
    const [erased] = await db.select().from(consultationBookings);
    expect(erased!.answers).toEqual([]);
    expect(JSON.stringify(erased)).not.toContain("Timber");
  });
});
