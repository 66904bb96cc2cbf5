/**
 * The contact page's enquiry form (`form[data-contact-form]`), a plain POST form that works
 * without JavaScript, made to answer in place:
 *   - the form token is replaced by one signed now (`GET /form-token`, once the page has loaded),
 *     because the page may come from the HTML cache with the token of the moment it was stored
 *     (the form guard's "too fast" check measures from the visitor's own opening of the form);
 *   - Send Message checks the fields (`checkForm`, the server's messages), then posts the form in
 *     the background: "Sending..." on the disabled button; a refusal with field errors draws the
 *     server's answer in place of the form; success waits 1.5 s, then the success toast, the form
 *     emptied and the confirmation in its place (its heading takes the focus), whose "Send another
 *     message" brings the empty form back; a failure (network, 5xx) shows the destructive toast and
 *     keeps what was typed.
 */
import { checkForm } from "./form-check";
import { showToast } from "./toast";

/** Pause between the stored enquiry and the success toast (the spec's 1.5 seconds). */
const SUCCESS_PAUSE_MS = 1500;

/**
 * Replaces the form's token with one signed for this visit; the stored one stays if that fails.
 * The form carries `data-token-refreshing` until its token is final.
 */
async function refreshToken(form: HTMLFormElement) {
  const input = form.querySelector<HTMLInputElement>('input[name="formToken"]');
  if (!input) return;
  form.dataset.tokenRefreshing = "";
  try {
    const response = await fetch("/form-token", { cache: "no-store", credentials: "same-origin" });
    if (response.ok) input.value = (await response.text()).trim();
  } catch {
    // Offline: the token in the page still lets the server judge the form.
  } finally {
    delete form.dataset.tokenRefreshing;
  }
}

/**
 * {@link refreshToken} once the page has loaded rather than while it loads: a request begun before
 * the first paint is counted in it (Lighthouse's LCP takes in every request started by then), and
 * the token is needed only when the visitor sends the form, seconds later. The form is marked
 * `data-token-refreshing` from now, so that what waits for the final token waits for this too.
 */
function refreshTokenAfterLoad(form: HTMLFormElement) {
  if (document.readyState === "complete") {
    void refreshToken(form);
    return;
  }
  if (form.querySelector('input[name="formToken"]')) form.dataset.tokenRefreshing = "";
  window.addEventListener("load", () => void refreshToken(form), { once: true });
}

function setBusy(form: HTMLFormElement, busy: boolean) {
  const button = form.querySelector<HTMLButtonElement>("[data-send]");
  if (button) {
    button.disabled = busy;
    button.setAttribute("aria-disabled", String(busy));
  }
  for (const part of form.querySelectorAll<HTMLElement>("[data-idle]")) part.hidden = busy;
  for (const part of form.querySelectorAll<HTMLElement>("[data-busy]")) part.hidden = !busy;
  const status = form.querySelector<HTMLElement>("[data-sending-status]");
  if (status) status.textContent = busy ? (status.dataset.sendingStatus ?? "") : "";
}

/**
 * Empties what the visitor typed (not the hidden token and honeypot) and its errors. Not
 * `form.reset()`: after a refusal drawn from the server's answer, the fields' defaults are what
 * was typed.
 */
function clearForm(form: HTMLFormElement) {
  for (const control of form.querySelectorAll<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>("input, select, textarea")) {
    if (control.type === "hidden" || control.name === "website") continue;
    control.value = "";
    control.removeAttribute("aria-invalid");
  }
  for (const list of form.querySelectorAll("[data-field-errors]")) list.remove();
}

export function enhanceContact() {
  const form = document.querySelector<HTMLFormElement>("form[data-contact-form]");
  const sent = document.querySelector<HTMLElement>("[data-contact-sent]");
  if (!form || !sent) return;
  refreshTokenAfterLoad(form);
  const { failedTitle = "", failedText, successTitle = "", successText } = form.dataset;

  sent.querySelector("[data-send-another]")?.addEventListener("click", () => {
    sent.hidden = true;
    form.hidden = false;
    void refreshToken(form);
    form.querySelector<HTMLElement>('[name="name"]')?.focus();
  });

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    if (form.querySelector<HTMLButtonElement>("[data-send]")?.disabled) return;
    if (!checkForm(form)) return;
    const body = new FormData(form);
    setBusy(form, true);
    let response: Response;
    try {
      response = await fetch(form.action, { method: "POST", body, credentials: "same-origin" });
    } catch {
      setBusy(form, false);
      showToast(failedTitle, { description: failedText, tone: "error" });
      return;
    }
    if (response.status === 400) {
      // The server's own answer: its field errors and the fields as typed, in place of the form.
      const page = new DOMParser().parseFromString(await response.text(), "text/html");
      const answered = page.querySelector<HTMLFormElement>("form[data-contact-form]");
      if (answered) form.replaceChildren(...Array.from(answered.childNodes, (node) => document.importNode(node, true)));
      setBusy(form, false);
      form.querySelector<HTMLElement>("[aria-invalid='true']")?.focus();
      return;
    }
    if (!response.ok) {
      setBusy(form, false);
      showToast(failedTitle, { description: failedText, tone: "error" });
      return;
    }
    await new Promise((resolve) => window.setTimeout(resolve, SUCCESS_PAUSE_MS));
    setBusy(form, false);
    clearForm(form);
    form.hidden = true;
    sent.hidden = false;
    showToast(successTitle, { description: successText });
    const heading = sent.querySelector<HTMLElement>("h2");
    heading?.focus({ preventScroll: true });
    heading?.scrollIntoView({ block: "center" });
  });
}
