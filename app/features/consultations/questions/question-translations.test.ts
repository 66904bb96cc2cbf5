import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { consultationAvailability, consultationTypes, emailOutbox } from "~/db/schema";
import { opened } from "~/features/mail/test-factories";
import { loader as translationsLoader } from "~/routes/admin/cms/translations";
import { loader as wizardLoader } from "~/routes/public/book-consultation";
import { parseSubmission } from "~/utils/forms";
import { addDays, londonToday } from "~/utils/time";
import { createStaffSession } from "../../../../tests/setup/admin-session";
import { setupTestDatabase } from "../../../../tests/setup/database";
import { BookingDetailsSchema } from "../core/index.server";
import { createBooking } from "../wizard/index.server";
import { answerField } from "./answer-fields";
import { checkAnswers } from "./answers.server";
import { QuestionSchema } from "./question-form";
import { questionWordsIn } from "./question-words";
import { createQuestion } from "./questions.server";

setupTestDatabase();

const actor = { userId: "u-staff", email: "staff@example.com" };

/** Adds a question as the studio's form posts it; returns its id. */
async function ask(typeId: string, fields: Record<string, string>): Promise<string> {
  const parsed = parseSubmission(QuestionSchema, { kind: "short_text", label: "Question", ...fields });
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.fieldErrors));
  const made = await createQuestion(actor, typeId, parsed.values);
  if (!made.ok) throw new Error(made.reason);
  return made.id;
}

/** An active type asking a choice translated in part into French (label, two options of three, not the help text) and a yes/no not translated. */
async function surveyType(name = "Survey") {
  const [type] = await db.insert(consultationTypes).values({ name, durationMinutes: 60 }).returning();
  const choice = await ask(type!.id, {
    kind: "one_choice",
    label: "Structure type",
    help: "The main frame.",
    required: "on",
    options: "Steel\nConcrete\nTimber",
    label_fr: "Type de structure",
    options_fr: "Acier\nBéton",
  });
  const drawings = await ask(type!.id, { kind: "yes_no", label: "Do you have drawings?", label_ar: "هل لديك مخططات؟" });
  return { type: type!, choice, drawings };
}

describe("a question's words in a language", () => {
  const question = {
    label: "Structure type",
    help: "The main frame.",
    options: ["Steel", "Concrete", "Timber"],
    translations: { fr: { label: "Type de structure", help: "", options: ["Acier", "", "Bois"] } },
  };

  it("are the translation where staff wrote one, else the English word, word by word", () => {
    expect(questionWordsIn(question, "fr")).toEqual({
      label: { text: "Type de structure", translated: true },
      help: { text: "The main frame.", translated: false },
      options: [
        { text: "Acier", translated: true },
        { text: "Concrete", translated: false },
        { text: "Bois", translated: true },
      ],
    });
    // No word in Arabic at all: every word in English.
    expect(Object.values(questionWordsIn(question, "ar")).flat().every((w) => w && !w.translated)).toBe(true);
    expect(questionWordsIn(question, "ar").label.text).toBe("Structure type");
    // English is the question's own words.
    expect(questionWordsIn(question, "en").options.map((o) => o.text)).toEqual(["Steel", "Concrete", "Timber"]);
    // No help text in English and none translated: none shown.
    expect(questionWordsIn({ ...question, help: null }, "fr").help).toBeNull();
  });
});

describe("the wizard's questions", () => {
  it("are asked in the page's language, each word not translated in English", async () => {
    const { type, choice } = await surveyType();
    const [slot] = await db.insert(consultationAvailability).values({ date: addDays(londonToday(new Date()), 5), startTime: "10:00", endTime: "11:00", maxBookings: 5 }).returning();
    const step3 = async (prefix: string, lang?: string) => {
      const request = new Request(`http://localhost${prefix}/book-consultation?step=3&type=${type.id}&slot=${slot!.id}`);
      const result = (await wizardLoader({ request, params: lang ? { lang } : {}, context: {} } as never)) as unknown as { data: { step: number; questions: { id: string; label: string; help: string | null; options: { value: string; label: string }[] }[] } };
      expect(result.data.step).toBe(3);
      return result.data.questions.find((q) => q.id === choice)!;
    };
    const fr = await step3("/fr", "fr");
    expect(fr.label).toBe("Type de structure");
    expect(fr.help).toBe("The main frame.");
    expect(fr.options).toEqual([
      { value: "Steel", label: "Acier" },
      { value: "Concrete", label: "Béton" },
      { value: "Timber", label: "Timber" },
    ]);
    const ar = await step3("/ar", "ar");
    expect([ar.label, ar.options.map((o) => o.label)]).toEqual(["Structure type", ["Steel", "Concrete", "Timber"]]);
  });
});

describe("the Translations screen", () => {
  it("lists each question of an active type with its words per offered language and how far each is translated", async () => {
    const { type, choice, drawings } = await surveyType();
    const [inactive] = await db.insert(consultationTypes).values({ name: "Retired", durationMinutes: 30, isActive: false }).returning();
    await ask(inactive!.id, { label: "Never asked" });

    const admin = await createStaffSession("admin");
    const data = (await translationsLoader({ request: admin.request("/admin/cms/translations"), params: {}, context: {} } as never)) as Awaited<ReturnType<typeof translationsLoader>>;
    expect(data.languages).toEqual(["fr", "pt", "ar"]);
    expect(data.canEditQuestions).toBe(true);
    expect(data.questions.map((q) => [q.id, q.typeId, q.typeName, q.english.label.text])).toEqual([
      [choice, type.id, "Survey", "Structure type"],
      [drawings, type.id, "Survey", "Do you have drawings?"],
    ]);
    const [structure, drawn] = data.questions;
    const state = (row: typeof structure) => row!.languages.map((l) => [l.language, l.status, l.translated, l.total, l.words.label.text]);
    // Label, help and three options: the French label and two options are translated.
    expect(state(structure)).toEqual([
      ["fr", "partial", 3, 5, "Type de structure"],
      ["pt", "english", 0, 5, "Structure type"],
      ["ar", "english", 0, 5, "Structure type"],
    ]);
    expect(state(drawn)).toEqual([
      ["fr", "english", 0, 1, "Do you have drawings?"],
      ["pt", "english", 0, 1, "Do you have drawings?"],
      ["ar", "translated", 1, 1, "هل لديك مخططات؟"],
    ]);

    // An editor reads the same list but cannot open the questions screen.
    const editor = await createStaffSession("editor");
    const editorData = (await translationsLoader({ request: editor.request("/admin/cms/translations"), params: {}, context: {} } as never)) as Awaited<ReturnType<typeof translationsLoader>>;
    expect(editorData.canEditQuestions).toBe(false);
    expect(editorData.questions).toHaveLength(2);
  });
});

describe("the visitor's confirmation", () => {
  it("lists their answers under each question as they read it, in the language they booked in; the staff's mail stays English", async () => {
    const { type, choice } = await surveyType();
    const [slot] = await db.insert(consultationAvailability).values({ date: addDays(londonToday(new Date()), 5), startTime: "10:00", endTime: "11:00", maxBookings: 5 }).returning();
    const answers = await checkAnswers(type.id, { [answerField(choice)]: "Concrete" }, "fr");
    if (!answers.ok) throw new Error("answers refused");
    const details = BookingDetailsSchema.parse({ name: "Marie Joseph", email: "marie@example.com" });
    await createBooking({ typeId: type.id, slotId: slot!.id, details, answers: answers.values, language: "fr" }, { idempotencyKey: randomUUID(), clientIp: "198.51.100.9" });

    const [visitorMail] = await opened(db.select().from(emailOutbox).where(eq(emailOutbox.kind, "booking.confirmation")));
    expect(visitorMail!.text).toContain("Vos réponses :\n\nType de structure\nBéton");
    // The optional question left unanswered is left out.
    expect(visitorMail!.text).not.toContain("Do you have drawings?");
    expect(visitorMail!.html).toContain("Type de structure<br");

    const [staffMail] = await opened(db.select().from(emailOutbox).where(eq(emailOutbox.kind, "booking.staff_notification")));
    expect(staffMail!.text).toContain("Structure type\nConcrete");
    expect(staffMail!.text).not.toContain("Béton");
  });

  it("has no answers paragraph for a type without questions", async () => {
    const [type] = await db.insert(consultationTypes).values({ name: "Plain", durationMinutes: 60 }).returning();
    const [slot] = await db.insert(consultationAvailability).values({ date: addDays(londonToday(new Date()), 5), startTime: "10:00", endTime: "11:00", maxBookings: 5 }).returning();
    const details = BookingDetailsSchema.parse({ name: "Sam Carter", email: "sam@example.com" });
    await createBooking({ typeId: type!.id, slotId: slot!.id, details, answers: [], language: "en" }, { idempotencyKey: randomUUID(), clientIp: "198.51.100.10" });
    const [visitorMail] = await opened(db.select().from(emailOutbox).where(eq(emailOutbox.kind, "booking.confirmation")));
    expect(visitorMail!.text).toContain("We will review your project information");
    expect(visitorMail!.text).not.toContain("Your answers:");
  });
});
