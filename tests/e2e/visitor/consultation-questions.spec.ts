/**
 * Questions per consultation type (project "visitor"), at 1440 and 390 px, in English and French:
 * staff add a type and its questions in the site studio (signed in; for a French visitor they also
 * translate one question from the Translations screen), a fresh visitor books that
 * type answering them (the browser's check first asks for the required ones), and staff read the
 * answers on the booking. With E2E_SCREENSHOTS set, the studio's questions screen, the Translations
 * screen and the wizard's details step (and the Arabic one) are photographed (test-results/questions/).
 */
import type { Browser, Page } from "@playwright/test";
import { formatLongDate } from "../../../app/utils/format";
import { languageInfo } from "../../../app/utils/i18n";
import { signInAsAdmin } from "../support/auth";
import { bookingFixtures } from "../support/booking-fixtures";
import { waitUntilHumanPace } from "../support/human-pace";
import { waitForHydration } from "../support/hydration";
import { checkPage, DESKTOP, expectNoSidewaysScroll, PHONE, photograph, WIZARD_WORDS } from "../support/languages";
import { expect, test } from "../support/visitor";

const F = bookingFixtures();

/** The wizard's words as the visitor reads them, and the answers they give. */
const WORDS = {
  en: {
    continue: "Continue",
    nextWeek: "Next Week",
    step3: "Your Information",
    step4: "Confirmation",
    confirm: "Confirm Booking",
    done: "Booking Confirmed!",
    name: "Full name",
    email: "Email address",
    required: "Please answer this question",
    structure: "Structure type",
    concrete: "Concrete",
    drawings: "Do you have drawings?",
    yes: "Yes",
    storeys: "How many storeys?",
  },
  fr: {
    ...WIZARD_WORDS.fr,
    required: "Veuillez répondre à cette question",
    structure: "Type de structure",
    concrete: "Béton",
    drawings: "Avez-vous des plans ?",
    yes: "Oui",
    // Written by staff from the Translations screen during the test.
    storeys: "Combien d’étages ?",
  },
} as const;

/** A signed-in staff page in its own context at `viewport`. */
async function staffPage(browser: Browser, viewport: { width: number; height: number }): Promise<Page> {
  const page = await (await browser.newContext({ viewport })).newPage();
  await signInAsAdmin(page);
  return page;
}

/**
 * Closes the portal's toasts: on a phone the last one covers the add form's button, and a pointer
 * resting on it pauses its timer (sonner's stack is also wider than a phone while it shows).
 */
async function closeToasts(page: Page) {
  const toasts = page.locator("[data-sonner-toast]");
  // Last first, so closing one does not move the next one's place; one that closed by itself meanwhile is passed over.
  for (const close of (await toasts.locator("[data-close-button]").all()).reverse()) await close.click({ timeout: 2_000 }).catch(() => undefined);
  // The pointer leaves the stack, so a toast it rests on is not kept open.
  await page.mouse.move(0, 0);
  await expect(toasts).toHaveCount(0, { timeout: 15_000 });
}

/** Adds a question through the studio's add form: kind, English label, options, French words, required. */
async function addQuestion(page: Page, q: { kind: string; label: string; required?: boolean; options?: string; labelFr?: string; optionsFr?: string; min?: string; max?: string }) {
  await closeToasts(page);
  const form = page.locator("section", { has: page.getByRole("heading", { name: "Add a question" }) });
  await form.getByRole("combobox", { name: "Answer" }).selectOption({ label: q.kind });
  await form.getByRole("textbox", { name: "Question", exact: true }).fill(q.label);
  if (q.required) await form.getByRole("checkbox", { name: /^Required/ }).check();
  if (q.options) await form.getByRole("textbox", { name: "Options", exact: true }).fill(q.options);
  if (q.min) await form.getByRole("spinbutton", { name: "Smallest number" }).fill(q.min);
  if (q.max) await form.getByRole("spinbutton", { name: "Largest number" }).fill(q.max);
  if (q.labelFr) await form.getByRole("textbox", { name: "Question (Français)" }).fill(q.labelFr);
  if (q.optionsFr) await form.getByRole("textbox", { name: "Options (Français)" }).fill(q.optionsFr);
  await form.getByRole("button", { name: "Add question" }).click();
  await expect(page.getByRole("list", { name: /^Questions of / }).getByRole("heading", { name: new RegExp(`\\d+\\. ${q.label.replace("?", "\\?")}$`) })).toBeVisible();
}

/** Staff add the type `name` and its four questions, as the studio shows them; returns the type's questions page. */
async function addTypeWithQuestions(page: Page, name: string, shot: string | null, viewport: { width: number; height: number }) {
  await page.goto("/admin/site/consultation-types");
  await waitForHydration(page);
  const add = page.locator("section", { has: page.getByRole("heading", { name: "Add a consultation type" }) });
  await add.getByRole("textbox", { name: "Name" }).fill(name);
  await add.getByRole("button", { name: "Add type" }).click();
  await page.getByRole("link", { name: `Questions asked of ${name}` }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Questions: ${name}` })).toBeVisible();
  await addQuestion(page, { kind: "One choice", label: "Structure type", required: true, options: "Steel\nConcrete\nTimber", labelFr: "Type de structure", optionsFr: "Acier\nBéton\nBois" });
  await addQuestion(page, { kind: "Yes or no", label: "Do you have drawings?", required: true, labelFr: "Avez-vous des plans ?" });
  await addQuestion(page, { kind: "A number", label: "How many storeys?", min: "1", max: "100" });
  await addQuestion(page, { kind: "Long text", label: "Anything else we should know?" });
  // Order by keyboard: the last question moves up one place.
  await page.getByRole("button", { name: 'Move "Anything else we should know?" up' }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("list", { name: /^Questions of / }).getByRole("heading", { name: "3. Anything else we should know?" })).toBeVisible();
  if (shot) {
    await closeToasts(page);
    await page.getByText("Edit question 1").click();
    await photograph(page, shot, viewport);
  }
}

/**
 * Staff find the type's questions on the Translations screen (the number question still in
 * English), follow it to the questions screen, write its French label there, and the Translations
 * screen then shows it translated. With `shot`, the screen is checked by axe and photographed.
 */
async function translateFromTranslationsScreen(page: Page, typeName: string, shot: string | null, viewport: { width: number; height: number }) {
  await page.goto("/admin/cms/translations");
  await waitForHydration(page);
  const questions = page.locator("section", { has: page.getByRole("heading", { name: "Consultation questions" }) });
  // A table row at 1440 px, a card on a phone.
  const item = (label: string) => questions.locator(viewport === DESKTOP ? "tr" : "li").filter({ hasText: typeName }).filter({ hasText: label });
  await expect(item("Structure type")).toContainText("Type de structure");
  await expect(item("Structure type").getByText("Translated", { exact: true })).toHaveCount(1);
  await expect(item("How many storeys?").getByText("In English", { exact: true })).toHaveCount(3);
  if (shot) await checkPage(page, shot, viewport);
  await item("How many storeys?").getByRole("link", { name: `How many storeys? (edit the questions of ${typeName})` }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Questions: ${typeName}` })).toBeVisible();
  const storeys = page.locator('li[data-question="How many storeys?"]');
  await storeys.getByText(/^Edit question \d+$/).click();
  await storeys.getByRole("textbox", { name: "Question (Français)" }).fill(WORDS.fr.storeys);
  await storeys.getByRole("button", { name: /^Save question \d+$/ }).click();
  await expect(page.getByText("Question saved")).toBeVisible();
  await page.goto("/admin/cms/translations");
  await waitForHydration(page);
  await expect(item("How many storeys?")).toContainText(WORDS.fr.storeys);
  await expect(item("How many storeys?").getByText("Translated", { exact: true })).toHaveCount(1);
}

test.describe.configure({ timeout: 180_000 });

for (const [language, viewport] of [
  ["en", DESKTOP],
  ["fr", PHONE],
  ["en", PHONE],
  ["fr", DESKTOP],
] as const) {
  test(`staff add questions to a type and a visitor answers them in ${language} at ${viewport.width} px; staff read the answers`, async ({ newVisitor, browser }) => {
    // Staff's studio and a visitor's whole booking in one test: slow on a loaded two-core machine.
    test.setTimeout(300_000);
    const w = WORDS[language];
    const typeName = `Survey ${language} ${viewport.width} ${Date.now() % 100_000}`;
    const staff = await staffPage(browser, viewport);
    // Screenshots once a language (`photograph` takes both widths).
    const shots = viewport === DESKTOP ? `test-results/questions/${language}` : null;
    await addTypeWithQuestions(staff, typeName, shots && `${shots}-studio`, viewport);
    if (language === "fr") await translateFromTranslationsScreen(staff, typeName, shots && `${shots}-translations`, viewport);

    const visitor = await newVisitor({ viewport });
    const { page } = visitor;
    const email = `questions.${language}.${viewport.width}.${Date.now()}@example.com`;
    await visitor.open(language === "en" ? "/book-consultation" : "/fr/book-consultation");
    await page.getByRole("radio", { name: new RegExp(typeName) }).check({ force: true });
    await visitor.followToDocument(page.getByRole("button", { name: w.continue }), page.getByRole("link", { name: w.nextWeek }));
    while (new URL(page.url()).searchParams.get("week") !== F.week) {
      const before = page.url();
      await visitor.followToDocument(page.getByRole("link", { name: w.nextWeek }), page.getByRole("link", { name: w.nextWeek }));
      await expect(page).not.toHaveURL(before);
    }
    const intl = languageInfo(language).intl;
    await page.getByRole("radio", { name: new RegExp(`^${formatLongDate(F.questions.date, intl)} ${F.questions.startTime}`) }).check({ force: true });
    await visitor.followToDocument(page.getByRole("button", { name: w.continue }), page.getByRole("heading", { name: w.step3 }));
    const shownAt = Date.now();
    const details = new URL(page.url());

    // The type's questions, in the page's language (English where staff wrote no French).
    const structure = page.getByRole("group", { name: w.structure });
    await expect(structure.getByRole("radio")).toHaveCount(3);
    await expect(page.getByRole("group", { name: w.drawings })).toBeVisible();
    await expect(page.getByRole("textbox", { name: w.storeys })).toBeVisible();
    await page.getByRole("textbox", { name: w.name }).fill(language === "fr" ? "Marie Joseph" : "Sam Carter");
    await page.getByRole("textbox", { name: w.email }).fill(email);
    // Continue without the required answers: the browser's check says so beside each, with the server's words.
    await page.getByRole("button", { name: w.continue }).click();
    await expect(page.locator("[data-field]", { has: structure }).getByText(w.required)).toBeVisible();
    await expect(page.locator("[data-field]", { has: page.getByRole("group", { name: w.drawings }) }).getByText(w.required)).toBeVisible();
    await expect(page.getByRole("heading", { name: w.step3 })).toBeVisible();
    await expectNoSidewaysScroll(page);
    if (shots) await photograph(page, `${shots}-details`, viewport);

    await structure.getByRole("radio", { name: w.concrete }).click();
    await page.getByRole("group", { name: w.drawings }).getByRole("radio", { name: w.yes }).click();
    await page.getByRole("textbox", { name: w.storeys }).fill("4");
    await page.getByRole("textbox", { name: "Anything else we should know?" }).fill("Basement floods in winter.");
    await visitor.followToDocument(page.getByRole("button", { name: w.continue }), page.getByRole("heading", { name: w.step4 }));
    // Step 4's summary repeats the answers in the page's language.
    await expect(page.getByRole("definition").filter({ hasText: w.concrete })).toBeVisible();
    await expect(page.getByRole("definition").filter({ hasText: "Basement floods in winter." })).toBeVisible();
    await waitUntilHumanPace(shownAt);
    await visitor.followToDocument(page.getByRole("button", { name: w.confirm }), page.getByRole("heading", { name: w.done }), { documents: 2 });

    // Staff read the answers on the booking, in English.
    await staff.goto(`/admin/consultations?q=${encodeURIComponent(email)}`);
    await waitForHydration(staff);
    await expect(staff.getByText("1 booking found")).toBeVisible();
    await staff.getByRole("link", { name: /View booking of/ }).first().click();
    const dialog = staff.getByRole("dialog", { name: /^Booking #[0-9a-f]{8}$/ });
    const answers = dialog.locator("section", { has: staff.getByRole("heading", { name: "Answers" }) });
    await expect(answers.getByRole("term")).toHaveText(["Structure type", "Do you have drawings?", "Anything else we should know?", "How many storeys?"]);
    await expect(answers.getByRole("definition").nth(0)).toContainText("Concrete");
    if (language === "fr") await expect(answers.getByRole("definition").nth(0)).toContainText("Asked as “Type de structure”: Béton");
    await expect(answers.getByRole("definition").nth(1)).toContainText("Yes");
    await expect(answers.getByRole("definition").nth(2)).toHaveText("Basement floods in winter.");
    await expect(answers.getByRole("definition").nth(3)).toHaveText("4");

    if (language === "en" && shots) {
      // The Arabic details step of the same type and time, for people to look at: the questions in English (none written in Arabic), right to left.
      const arabic = await newVisitor({ viewport: PHONE });
      await arabic.open(`/ar${details.pathname}${details.search}`);
      await expect(arabic.page.getByRole("group", { name: "Structure type" })).toBeVisible();
      await expectNoSidewaysScroll(arabic.page);
      await photograph(arabic.page, "test-results/questions/ar-details", PHONE);
    }
    await staff.context().close();
  });
}
