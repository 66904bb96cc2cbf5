import { FORM_TOKEN_FIELD, HONEYPOT_FIELD } from "../form-guard";

/**
 * The hidden inputs of the public forms' bot check (`docs/design.md` section 7): the signed
 * render token and the honeypot, hidden from people and assistive technology. Works without
 * JavaScript. `token` comes from `issueFormToken()` in the page's loader (or the token the last
 * post echoed back, so a corrected form keeps its first render time).
 */
export function FormGuardFields({ token }: { token: string }) {
  return (
    <>
      <input type="hidden" name={FORM_TOKEN_FIELD} value={token} />
      <div aria-hidden="true" className="absolute -start-[9999px] top-auto size-px overflow-hidden">
        <label>
          Leave this field empty
          <input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
        </label>
      </div>
    </>
  );
}
