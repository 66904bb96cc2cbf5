/**
 * Checks a public form in the browser before it is posted, with the messages the server wrote
 * into the page (so they are the spec's words in the page's language, and Zod never reaches the
 * browser). A control says what it needs with data attributes:
 *   - `data-msg-required`: the message when it is empty (after trimming);
 *   - `data-msg-email`: the message when it is not shaped like name@example.com;
 *   - `data-msg-too-long`: the message when it holds more than its `maxlength` characters;
 *   - on a `fieldset` of radios or check boxes, `data-msg-required`: the message when none is ticked.
 * Errors are drawn as the server draws them (`app/components/field.tsx`): a list after the
 * control's field, `aria-invalid` and `aria-describedby`; a control in error is checked again as
 * the visitor corrects it. The server checks again with the form's schema either way; this only
 * saves a round trip.
 */

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement | HTMLFieldSetElement;

/** A loose e-mail shape: something, @, something with a dot. The server's check is the strict one. */
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The first message `control` breaks, or null. */
function problemOf(control: Control): string | null {
  const { msgRequired, msgEmail, msgTooLong } = control.dataset;
  if (control instanceof HTMLFieldSetElement) return msgRequired && !control.querySelector("input:checked") ? msgRequired : null;
  const value = control.value.trim();
  if (msgRequired && value === "") return msgRequired;
  if (msgEmail && value !== "" && !EMAIL_SHAPE.test(value)) return msgEmail;
  const max = "maxLength" in control ? control.maxLength : -1;
  if (msgTooLong && max > 0 && control.value.length > max) return msgTooLong;
  return null;
}

/** Shows `message` under `control` (or removes its error when null), as the server renders it. */
function showError(control: Control, message: string | null) {
  const field = control.closest<HTMLElement>("[data-field]");
  const errorId = `${control.id}-error`;
  field?.querySelector("[data-field-errors]")?.remove();
  const describedBy = (control.getAttribute("aria-describedby") ?? "").split(" ").filter((id) => id && id !== errorId);
  if (message && field) {
    const list = document.createElement("ul");
    list.id = errorId;
    list.dataset.fieldErrors = "";
    list.className = "text-sm text-destructive";
    const item = document.createElement("li");
    item.textContent = message;
    list.append(item);
    field.append(list);
    describedBy.push(errorId);
    control.setAttribute("aria-invalid", "true");
  } else {
    control.removeAttribute("aria-invalid");
  }
  if (describedBy.length) control.setAttribute("aria-describedby", describedBy.join(" "));
  else control.removeAttribute("aria-describedby");
}

/**
 * Checks every control of `form` that carries a message, draws or clears its error, and moves the
 * focus to the first control in error. True when nothing is wrong.
 */
export function checkForm(form: HTMLFormElement): boolean {
  if (!form.dataset.checking) {
    form.dataset.checking = "";
    // Once the form has been checked, a control in error is checked again as it is corrected.
    const recheck = (event: Event) => {
      const target = event.target as Element;
      const control = (target.closest("fieldset[data-msg-required]") ?? target) as Control;
      if (control.getAttribute("aria-invalid") === "true" && control.matches("[data-msg-required], [data-msg-email], [data-msg-too-long]")) {
        showError(control, problemOf(control));
      }
    };
    form.addEventListener("input", recheck);
    form.addEventListener("change", recheck);
  }
  let first: Control | null = null;
  for (const control of form.querySelectorAll<Control>("[data-msg-required], [data-msg-email], [data-msg-too-long]")) {
    const problem = problemOf(control);
    showError(control, problem);
    if (problem && !first) first = control;
  }
  // A group takes the focus on its first box.
  (first instanceof HTMLFieldSetElement ? first.querySelector("input") : first)?.focus();
  return first === null;
}
