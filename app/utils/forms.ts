/**
 * The one form pipeline, safe for the browser: a submission (FormData or a plain object) checked
 * by the form's Zod schema becomes `{ ok, values, fieldErrors, message }` (`parseSubmission`), and
 * every action answers with one reply shape (`ActionReply`), built by `accept`, `refuse` and
 * `refuseInvalid`. Screens read a reply with `fieldError` and `submittedValue`.
 *
 * Field errors are keyed by field name (the first segment of the issue's path; "form" for an issue
 * about the whole form), or by the full dotted path ("team.people.0.name") with `keys: "path"`.
 * Each field's messages are listed once, in the schema's order.
 *
 * Zod is imported for types only, so a page that reads replies does not ship Zod.
 */
import { data } from "react-router";
import type { z } from "zod";

/** Messages per field name (or dotted path); only fields with errors appear. */
export type FieldErrors = Partial<Record<string, string[]>>;

/**
 * The text a person submitted, by field name, to show again in a refused form: a field posted once
 * is a string, a field posted several times an array. Files and secret fields are left out.
 */
export type SubmittedValues = Record<string, string | string[]>;

/** What a form submission can arrive as: the posted FormData, URL parameters or a plain object. */
export type SubmissionInput = FormData | URLSearchParams | Record<string, unknown>;

/** A checked submission: the schema's output, or field errors with what was submitted. */
export type Submission<T> =
  | { ok: true; values: T; fieldErrors?: undefined; message?: undefined }
  | FailedSubmission;

/** A refused submission: `values` are the submitted texts (to show again), `message` the form's message. */
export type FailedSubmission = { ok: false; values: SubmittedValues; fieldErrors: FieldErrors; message: string };

/** How `parseSubmission` reads and reports. */
export type ParseOptions = {
  /** The refused form's message; default: the first field error. */
  message?: string;
  /** Key field errors by field name (default) or by the issue's full dotted path. */
  keys?: "field" | "path";
  /** Fields always read as an array (a checkbox group with one box ticked), whatever the input's shape. */
  lists?: readonly string[];
  /**
   * The fields whose text is echoed back on refusal; default every text field except those named
   * like a password, token or secret (which are never sent back to the page).
   */
  echo?: readonly string[];
};

/** A form field whose value is never echoed back: passwords, tokens and secrets. */
const SECRET_FIELD = /password|token|secret/i;

const isEntries = (input: SubmissionInput): input is FormData | URLSearchParams =>
  (typeof FormData !== "undefined" && input instanceof FormData) || input instanceof URLSearchParams;

/**
 * A submission as a plain object for a schema: each field's value, a field posted several times
 * (or listed in `lists`) as an array of its values. A plain object keeps its values, except that a
 * `lists` field holding a single value becomes an array of it (a checkbox group with one box
 * ticked, read with `Object.fromEntries`), so a list field reaches its schema as an array whatever
 * the input's shape.
 */
export function submissionObject(input: SubmissionInput, lists: readonly string[] = []): Record<string, unknown> {
  if (!isEntries(input)) {
    const listed = lists.filter((key) => input[key] !== undefined && !Array.isArray(input[key]));
    return listed.length ? { ...input, ...Object.fromEntries(listed.map((key) => [key, [input[key]]])) } : input;
  }
  // One pass over the entries: `getAll` per key is linear, so per key over every key was quadratic
  // (a 64 KB post of 20,000 one-letter fields took seconds).
  const grouped = new Map<string, unknown[]>();
  for (const [key, value] of input.entries()) {
    const all = grouped.get(key);
    if (all) all.push(value);
    else grouped.set(key, [value]);
  }
  const out: Record<string, unknown> = {};
  for (const [key, all] of grouped) out[key] = all.length > 1 || lists.includes(key) ? all : all[0];
  return out;
}

/**
 * The submitted text to show again after a refusal: string values (and arrays of strings) of the
 * `echo` fields, or of every field not named like a password, token or secret.
 */
export function submittedValues(input: SubmissionInput, echo?: readonly string[]): SubmittedValues {
  const object = submissionObject(input);
  const out: SubmittedValues = {};
  for (const [key, value] of Object.entries(object)) {
    if (echo ? !echo.includes(key) : SECRET_FIELD.test(key)) continue;
    if (typeof value === "string") out[key] = value;
    else if (Array.isArray(value) && value.every((v) => typeof v === "string")) out[key] = value;
  }
  return out;
}

/**
 * Zod issues as field errors: keyed by field name (first path segment) or by dotted path, "form"
 * for an issue without a path, each message once per field.
 */
export function issueFieldErrors(issues: readonly z.core.$ZodIssue[], keys: "field" | "path" = "field"): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of issues) {
    const key = (keys === "path" ? issue.path.map(String).join(".") : issue.path.length ? String(issue.path[0]) : "") || "form";
    const list = (out[key] ??= []);
    if (!list.includes(issue.message)) list.push(issue.message);
  }
  return out;
}

/** Field errors of several checks in one: later messages are added after earlier ones, each once. */
export function mergeFieldErrors(...all: (FieldErrors | undefined)[]): FieldErrors {
  const out: FieldErrors = {};
  for (const errors of all) {
    for (const [key, messages] of Object.entries(errors ?? {})) {
      const list = (out[key] ??= []);
      for (const m of messages ?? []) if (!list.includes(m)) list.push(m);
    }
  }
  return out;
}

/** The first message of field errors, in field order: the default message of a refused form. */
export function firstFieldError(errors: FieldErrors | undefined): string | undefined {
  return Object.values(errors ?? {}).flat()[0];
}

/**
 * Checks `input` with `schema` (synchronously; use `parseSubmissionAsync` for async refinements).
 * Success: `values` is the schema's output. Refusal: `fieldErrors` (see the module comment),
 * `values` the submitted text to show again, `message` `options.message` or the first field error.
 */
export function parseSubmission<S extends z.ZodType>(schema: S, input: SubmissionInput, options: ParseOptions = {}): Submission<z.output<S>> {
  const parsed = schema.safeParse(submissionObject(input, options.lists));
  return parsed.success ? { ok: true, values: parsed.data } : refusedSubmission(parsed.error, input, options);
}

/** `parseSubmission` for schemas with async refinements or transforms. */
export async function parseSubmissionAsync<S extends z.ZodType>(schema: S, input: SubmissionInput, options: ParseOptions = {}): Promise<Submission<z.output<S>>> {
  const parsed = await schema.safeParseAsync(submissionObject(input, options.lists));
  return parsed.success ? { ok: true, values: parsed.data } : refusedSubmission(parsed.error, input, options);
}

function refusedSubmission(error: z.ZodError, input: SubmissionInput, options: ParseOptions): FailedSubmission {
  const fieldErrors = issueFieldErrors(error.issues, options.keys);
  return {
    ok: false,
    values: submittedValues(input, options.echo),
    fieldErrors,
    message: options.message ?? firstFieldError(fieldErrors) ?? "Check the highlighted fields.",
  };
}

/**
 * A refused submission built by hand, for a check outside the schema (a wrong password, a taken
 * address): `fieldErrors` as given, `message` `message` or the first field error.
 */
export function refusedFields(fieldErrors: FieldErrors, values: SubmittedValues = {}, message?: string): FailedSubmission {
  return { ok: false, values, fieldErrors, message: message ?? firstFieldError(fieldErrors) ?? "Check the highlighted fields." };
}

// ---------------------------------------------------------------------------------------------
// The reply of every action

/** No extra data: `ActionReply<NoExtra, { formToken?: string }>` adds data to refusals only. */
export type NoExtra = Record<never, never>;

/**
 * What every action answers (and every screen reads). `ok` says whether the change was made;
 * `message` is the toast's or banner's line (always present on refusal), `description` an optional
 * second line; `intent` names the action on a screen with several. A refusal may carry
 * `fieldErrors` and the submitted `values` to show again. `Ok` and `Fail` add a screen's own data
 * (a new id, recovery codes, a conflict flag), and may narrow `intent`.
 */
export type ActionReply<Ok extends object = NoExtra, Fail extends object = NoExtra> =
  | (Ok & { ok: true; intent?: string | null; message?: string; description?: string })
  | (Fail & {
      ok: false;
      intent?: string | null;
      message: string;
      description?: string;
      fieldErrors?: FieldErrors;
      values?: SubmittedValues;
    });

/** `Omit` applied to each member of a union. */
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** Any reply, whatever its extra data. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyReply = ActionReply<any, any>;

/** The fields of a successful reply of type `R`, without `ok`. */
export type AcceptedBody<R extends AnyReply> = DistributiveOmit<Extract<R, { ok: true }>, "ok">;
/** The fields of a refusal of type `R`, without `ok`. */
export type RefusedBody<R extends AnyReply> = DistributiveOmit<Extract<R, { ok: false }>, "ok">;

/** `init` as React Router's `data` takes it: a status, or headers and a status. */
type ReplyInit = number | ResponseInit;
const withStatus = (init: ReplyInit | undefined, status: number): ResponseInit =>
  typeof init === "number" ? { status: init } : { ...init, status: init?.status ?? status };

/** A successful reply (200 unless `init` says otherwise), e.g. `accept({ message: "Name saved" })`. */
export function accept<R extends AnyReply = ActionReply>(body: AcceptedBody<R>, init?: ReplyInit) {
  return data<R>({ ok: true, ...body } as unknown as R, withStatus(init, 200));
}

/** A refusal with HTTP `status`, e.g. `refuse(409, { message: "This passkey was already removed." })`. */
export function refuse<R extends AnyReply = ActionReply>(status: number, body: RefusedBody<R>, init?: ResponseInit) {
  return data<R>({ ok: false, ...body } as unknown as R, withStatus(init, status));
}

/**
 * The 400 refusal of an invalid submission: its message, field errors and submitted values, with
 * `body` added (and overriding, e.g. another `message`).
 */
export function refuseInvalid<R extends AnyReply = ActionReply>(
  submission: FailedSubmission,
  body?: Partial<RefusedBody<R>> & Record<string, unknown>,
  init?: ResponseInit,
) {
  const { message, fieldErrors, values } = submission;
  return data<R>({ ok: false, message, fieldErrors, values, ...body } as unknown as R, withStatus(init, 400));
}

// ---------------------------------------------------------------------------------------------
// Reading a reply in a screen

/** The reply's field errors (none for a success or no reply). */
export function replyFieldErrors(reply: AnyReply | null | undefined): FieldErrors {
  return reply && !reply.ok ? (reply.fieldErrors ?? {}) : {};
}

/** The first error message of field `name` in `reply`, if any. */
export function fieldError(reply: AnyReply | null | undefined, name: string): string | undefined {
  return replyFieldErrors(reply)[name]?.[0];
}

/** The text submitted for field `name`, echoed in a refused reply (the first one if several). */
export function submittedValue(reply: AnyReply | null | undefined, name: string): string | undefined {
  const value = reply && !reply.ok ? reply.values?.[name] : undefined;
  return Array.isArray(value) ? value[0] : value;
}
