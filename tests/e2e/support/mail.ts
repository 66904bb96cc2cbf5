/**
 * The e-mail the browser-test server sent: its mail worker writes each message as an .eml file
 * to the outbox folder of its data directory, which these read back with postal-mime.
 */
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { expect } from "@playwright/test";
import PostalMime from "postal-mime";
import { E2E_DATA_DIR } from "../../../playwright.config";

/** A message as postal-mime parses it. */
export type Mail = Awaited<ReturnType<typeof PostalMime.parse>>;

const OUTBOX = path.join(E2E_DATA_DIR, "outbox");

/** Every message the server has written so far, newest first (the files' names start with their time). */
export async function outbox(): Promise<Mail[]> {
  const names = (await readdir(OUTBOX).catch(() => [] as string[])).filter((n) => n.endsWith(".eml")).sort().reverse();
  return Promise.all(names.map(async (name) => PostalMime.parse(await readFile(path.join(OUTBOX, name)))));
}

/** Whether `mail` is addressed to `email` (To, case-insensitive). */
export const sentTo = (mail: Mail, email: string) => (mail.to ?? []).some((a) => "address" in a && a.address?.toLowerCase() === email.toLowerCase());

/**
 * The newest message to `to` whose subject matches `subject` and whose text body holds `text`
 * (a pattern, or a string it contains), polled until the mail worker has written it; fails the
 * test after `timeout` ms.
 */
export async function waitForMail(to: string, { subject, text }: { subject?: RegExp; text?: RegExp | string } = {}, timeout = 15_000): Promise<Mail> {
  const matches = (mail: Mail) =>
    sentTo(mail, to) &&
    (!subject || subject.test(mail.subject ?? "")) &&
    (text === undefined || (typeof text === "string" ? (mail.text ?? "").includes(text) : text.test(mail.text ?? "")));
  let found: Mail | undefined;
  await expect.poll(async () => (found = (await outbox()).find(matches)) !== undefined, { timeout, message: `a mail to ${to}` }).toBe(true);
  return found!;
}

/** The path and query of the first link matching `pattern` in a mail to `email`, polled from the outbox. */
export async function mailedLink(email: string, pattern: RegExp): Promise<string> {
  const mail = await waitForMail(email, { text: pattern });
  const url = new URL(pattern.exec(mail.text ?? "")![0]);
  return `${url.pathname}${url.search}`;
}
