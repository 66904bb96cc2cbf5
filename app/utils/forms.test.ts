/**
 * The form pipeline: a submission checked by its schema becomes values or field errors with the
 * submitted text, and every action answers with one reply shape.
 */
import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  type ActionReply,
  accept,
  fieldError,
  issueFieldErrors,
  mergeFieldErrors,
  parseSubmission,
  parseSubmissionAsync,
  refuse,
  refuseInvalid,
  refusedFields,
  submissionObject,
  submittedValue,
  submittedValues,
} from "./forms";
import { readSubmission } from "./form-data.server";

const Schema = z.object({
  name: z.string().trim().min(1, "Enter your name."),
  email: z.email("Enter a valid e-mail address."),
  password: z.string().min(12, "Use at least 12 characters."),
});

const form = (entries: [string, string | Blob][]) => {
  const f = new FormData();
  for (const [k, v] of entries) f.append(k, v);
  return f;
};

describe("parseSubmission", () => {
  it("gives the schema's output for a valid form", () => {
    const result = parseSubmission(Schema, form([["name", " Ann "], ["email", "ann@example.com"], ["password", "a long password"]]));
    expect(result).toEqual({ ok: true, values: { name: "Ann", email: "ann@example.com", password: "a long password" } });
  });

  it("gives each field's messages, the first as the message, and the submitted text without the password", () => {
    const result = parseSubmission(Schema, form([["name", " "], ["email", "ann@"], ["password", "short"]]));
    expect(result).toEqual({
      ok: false,
      message: "Enter your name.",
      fieldErrors: { name: ["Enter your name."], email: ["Enter a valid e-mail address."], password: ["Use at least 12 characters."] },
      values: { name: " ", email: "ann@" },
    });
  });

  it("takes the form's own message, and echoes only the fields asked for", () => {
    const result = parseSubmission(Schema, { name: "", email: "x", password: "" }, { message: "Check the highlighted fields.", echo: ["email"] });
    expect(result.ok).toBe(false);
    expect(result.message).toBe("Check the highlighted fields.");
    expect(result.ok || result.values).toEqual({ email: "x" });
  });

  it("keys nested issues by field name, or by dotted path when asked, each message once", () => {
    const Nested = z.object({ people: z.array(z.object({ name: z.string().min(1, "Name them.") })) });
    const input = { people: [{ name: "" }, { name: "" }] };
    expect(parseSubmission(Nested, input).fieldErrors).toEqual({ people: ["Name them."] });
    expect(parseSubmission(Nested, input, { keys: "path" }).fieldErrors).toEqual({ "people.0.name": ["Name them."], "people.1.name": ["Name them."] });
  });

  it("files an issue about the whole form under 'form'", () => {
    const Whole = z.object({ a: z.string() }).refine(() => false, "Nothing matches.");
    expect(parseSubmission(Whole, { a: "x" }).fieldErrors).toEqual({ form: ["Nothing matches."] });
  });

  it("reads a field posted several times (or listed) as an array, files not echoed", () => {
    const f = form([["day", "mon"], ["day", "tue"], ["one", "x"], ["file", new Blob(["hi"])]]);
    expect(submissionObject(f, ["one"])).toMatchObject({ day: ["mon", "tue"], one: ["x"] });
    expect(submittedValues(f)).toEqual({ day: ["mon", "tue"], one: "x" });
    expect(submittedValues(new URLSearchParams("token=abc&newPassword=x&q=1"))).toEqual({ q: "1" });
  });

  it("reads a listed field as an array from a plain object too (one box ticked of a checkbox group)", () => {
    const Group = z.object({ ids: z.array(z.string()).default([]), on: z.string().optional() });
    expect(parseSubmission(Group, { ids: "a", on: "on" }, { lists: ["ids"] })).toEqual({ ok: true, values: { ids: ["a"], on: "on" } });
    expect(parseSubmission(Group, { ids: ["a", "b"] }, { lists: ["ids"] })).toEqual({ ok: true, values: { ids: ["a", "b"] } });
    expect(parseSubmission(Group, {}, { lists: ["ids"] })).toEqual({ ok: true, values: { ids: [] } });
  });

  it("runs async refinements with parseSubmissionAsync", async () => {
    const Async = z.object({ slug: z.string().refine(async (s) => s !== "taken", "That address is taken.") });
    expect(await parseSubmissionAsync(Async, { slug: "taken" })).toMatchObject({ ok: false, fieldErrors: { slug: ["That address is taken."] } });
    expect(await parseSubmissionAsync(Async, { slug: "free" })).toEqual({ ok: true, values: { slug: "free" } });
  });
});

describe("field errors", () => {
  it("merges several checks' errors, each message once", () => {
    expect(mergeFieldErrors({ a: ["x"] }, undefined, { a: ["x", "y"], b: ["z"] })).toEqual({ a: ["x", "y"], b: ["z"] });
    expect(issueFieldErrors([])).toEqual({});
    expect(refusedFields({ password: ["Wrong password."] })).toEqual({ ok: false, values: {}, fieldErrors: { password: ["Wrong password."] }, message: "Wrong password." });
  });
});

describe("replies", () => {
  type Reply = ActionReply<{ intent: "save"; id: string }, { intent: "save" | null }>;

  it("accept answers 200 with ok and the body, keeping given headers", () => {
    const reply = accept<Reply>({ intent: "save", id: "7", message: "Saved" }, { headers: { "Set-Cookie": "a=b" } });
    expect(reply.init?.status).toBe(200);
    expect(new Headers(reply.init?.headers).get("Set-Cookie")).toBe("a=b");
    expect(reply.data).toEqual({ ok: true, intent: "save", id: "7", message: "Saved" });
  });

  it("refuse answers the given status", () => {
    const reply = refuse<Reply>(409, { intent: null, message: "Someone else saved first." });
    expect(reply.init?.status).toBe(409);
    expect(reply.data).toEqual({ ok: false, intent: null, message: "Someone else saved first." });
  });

  it("refuseInvalid answers 400 with the submission's errors and values, and screens read them", () => {
    const submission = parseSubmission(Schema, { name: "", email: "ann@", password: "" });
    if (submission.ok) throw new Error("expected a refusal");
    const reply = refuseInvalid<Reply>(submission, { intent: "save", message: "Check the highlighted fields." });
    expect(reply.init?.status).toBe(400);
    expect(reply.data).toMatchObject({ ok: false, intent: "save", message: "Check the highlighted fields." });
    expect(fieldError(reply.data, "email")).toBe("Enter a valid e-mail address.");
    expect(fieldError(reply.data, "other")).toBeUndefined();
    expect(submittedValue(reply.data, "email")).toBe("ann@");
    expect(submittedValue(reply.data, "password")).toBeUndefined();
    expect(fieldError({ ok: true }, "email")).toBeUndefined();
  });
});

describe("readSubmission", () => {
  it("reads and checks a posted form, returning the FormData too", async () => {
    const body = new URLSearchParams({ intent: "save", name: "Ann", email: "ann@example.com", password: "a long password" });
    const request = new Request("http://localhost/x", { method: "POST", body });
    const result = await readSubmission(request, Schema);
    expect(result.ok && result.values.name).toBe("Ann");
    expect(result.form.get("intent")).toBe("save");
  });

  it("answers 400 for a body that is not the form its type declares", async () => {
    const request = new Request("http://localhost/x", {
      method: "POST",
      headers: { "Content-Type": "multipart/form-data; boundary=nothere" },
      body: "garbage",
    });
    await expect(readSubmission(request, Schema)).rejects.toMatchObject({ init: { status: 400 } });
  });
});
