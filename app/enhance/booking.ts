/**
 * The booking wizard and the manage-booking page, sent as plain forms and links that work before
 * any script (the server checks every choice and answers with the next page). This improves them:
 *   - `form[data-needs-choice="<radio name>"]`: its submit buttons are disabled while no radio of
 *     that name is checked (Continue until a type or a time is chosen);
 *   - `form[data-check-form]`: checked before posting with the server's messages (`checkForm`);
 *   - `form[data-submit-once]`: a second press while the page is posting does nothing;
 *   - `[data-focus-on-load]`: takes the focus when the page opens (a new step's heading, the
 *     cancel question), so keyboard and screen-reader users continue from there;
 *   - step 4 (`[data-booking-review]`) keeps the reviewed details in `sessionStorage` for this tab
 *     (never in the URL) and turns its history entry into a plain GET, so a reload asks for no
 *     resubmission; a reload, which the server answers with the details form
 *     (`form[data-restore-review]`), posts them for review again;
 *   - Confirm Booking (`form[data-confirm-booking]`) marks the tab, and the success screen
 *     (`[data-booking-complete]`) then shows the spec's success toast once and forgets the details:
 *     reloading step 5 shows no toast.
 */
import { checkForm } from "./form-check";
import { showToast } from "./toast";

/** `sessionStorage` key of the details last reviewed at step 4, with the type, time and form token. */
const REVIEW_KEY = "booking-review";
/** `sessionStorage` key set when Confirm Booking is pressed in this tab. */
const CONFIRM_KEY = "booking-confirm-sent";

/** The reviewed fields by name, each with its values (a choice of several posts one per box). */
type SavedReview = { type: string; slot: string; values: Record<string, string[]>; formToken?: string };

function readSavedReview(): SavedReview | null {
  try {
    const saved = JSON.parse(window.sessionStorage.getItem(REVIEW_KEY) ?? "null") as SavedReview | null;
    return saved && typeof saved.type === "string" && typeof saved.slot === "string" && saved.values ? saved : null;
  } catch {
    return null;
  }
}

const submitButtons = (form: HTMLFormElement) => form.querySelectorAll<HTMLButtonElement>('button[type="submit"], button:not([type])');

function enhanceChoices() {
  for (const form of document.querySelectorAll<HTMLFormElement>("form[data-needs-choice]")) {
    const name = form.dataset.needsChoice ?? "";
    const update = () => {
      const chosen = Array.from(form.elements).some((el) => el instanceof HTMLInputElement && el.name === name && el.checked);
      for (const button of submitButtons(form)) button.disabled = !chosen;
    };
    form.addEventListener("change", update);
    update();
  }
}

function enhanceSubmits() {
  for (const form of document.querySelectorAll<HTMLFormElement>("form[data-check-form], form[data-submit-once]")) {
    let sending = false;
    form.addEventListener("submit", (event) => {
      if (sending || ("checkForm" in form.dataset && !checkForm(form))) {
        event.preventDefault();
        return;
      }
      if (!("submitOnce" in form.dataset)) return;
      sending = true;
      for (const button of submitButtons(form)) button.setAttribute("aria-disabled", "true");
      form.setAttribute("aria-busy", "true");
      if ("confirmBooking" in form.dataset) window.sessionStorage.setItem(CONFIRM_KEY, "1");
    });
    // Back to this page from the browser's cache: the form may be sent again.
    window.addEventListener("pageshow", () => {
      sending = false;
      form.removeAttribute("aria-busy");
      for (const button of submitButtons(form)) button.removeAttribute("aria-disabled");
    });
  }
}

function enhanceReview() {
  const review = document.querySelector<HTMLElement>("[data-booking-review]");
  const details = review?.querySelector<HTMLFormElement>("form[data-review-details]");
  if (review && details) {
    const values: Record<string, string[]> = {};
    let formToken: string | undefined;
    for (const [key, value] of new FormData(details)) {
      if (typeof value !== "string" || key === "intent") continue;
      if (key === "formToken") formToken = value;
      else (values[key] ??= []).push(value);
    }
    const saved: SavedReview = { type: review.dataset.type ?? "", slot: review.dataset.slot ?? "", values, formToken };
    window.sessionStorage.setItem(REVIEW_KEY, JSON.stringify(saved));
    window.history.replaceState(window.history.state, "", window.location.href);
  }
  const restore = document.querySelector<HTMLFormElement>("form[data-restore-review]");
  const saved = restore ? readSavedReview() : null;
  if (restore && saved && saved.type === restore.dataset.type && saved.slot === restore.dataset.slot) {
    for (const [key, value] of Object.entries({ ...saved.values, ...(saved.formToken ? { formToken: [saved.formToken] } : {}) })) {
      const list = Array.isArray(value) ? value : [value];
      for (const control of Array.from(restore.elements)) {
        if (!(control instanceof HTMLInputElement || control instanceof HTMLSelectElement || control instanceof HTMLTextAreaElement) || control.name !== key) continue;
        if (control instanceof HTMLInputElement && (control.type === "radio" || control.type === "checkbox")) control.checked = list.includes(control.value);
        else control.value = list[0] ?? "";
      }
    }
    restore.requestSubmit();
  }
}

function enhanceComplete() {
  const done = document.querySelector<HTMLElement>("[data-booking-complete]");
  if (!done) return;
  window.sessionStorage.removeItem(REVIEW_KEY);
  if (window.sessionStorage.getItem(CONFIRM_KEY) !== "1") return;
  window.sessionStorage.removeItem(CONFIRM_KEY);
  showToast(done.dataset.toastSuccessTitle ?? "", { description: done.dataset.toastSuccessDescription });
}

export function enhanceBooking() {
  enhanceChoices();
  enhanceSubmits();
  enhanceReview();
  enhanceComplete();
  document.querySelector<HTMLElement>("[data-focus-on-load]")?.focus();
}
