/**
 * Browser-safe names of the hidden inputs every public write form carries (contact enquiry,
 * booking wizard): the honeypot and the signed render token checked by `./form-guard.server`.
 * Kept apart from the server module so forms can render them without server code.
 */

/** Name of the hidden honeypot input: people never see or fill it; naive bots do. */
export const HONEYPOT_FIELD = "website";
/** Name of the hidden input carrying the signed render timestamp. */
export const FORM_TOKEN_FIELD = "formToken";
