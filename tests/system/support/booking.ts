/**
 * Books a consultation through the public wizard as a browser without JavaScript would: the
 * first consultation type, the first free slot within three weeks, the details form, Confirm.
 * Used by the production smoke test and the container test against a running server; the request
 * log test posts the last step alone.
 */

/** The visitor who books. */
export type Visitor = { name: string; email: string };

/** What the visitor has after confirming: the step-5 page and the cookies the server set. */
export type WizardBooking = {
  typeId: string;
  slotId: string;
  /** Status of the Confirm Booking post (302 when the booking was taken). */
  status: number;
  /** The confirmation page (step 5) fetched with the visitor's cookies. */
  confirmationHtml: string;
  /** `name=value` pairs of the cookies set by the post (the signed booking receipt). */
  cookies: string;
  /** The manage link shown on the confirmation page, as a path, or null when none is shown. */
  managePath: string | null;
};

/**
 * Walks the wizard on `base` (an origin such as `http://127.0.0.1:3000`) for `visitor`. Throws an
 * Error naming the step when the wizard offers no type, no slot or no form token. Before posting
 * it awaits `waitForFormGuard`, by default 3.2 s: a deployment's form guard refuses a form
 * submitted within 3 s of being shown (servers started with a shorter FORM_GUARD_MIN_MS pass a
 * shorter wait).
 */
export async function bookThroughWizard(
  base: string,
  visitor: Visitor,
  waitForFormGuard: () => Promise<void> = () => new Promise((r) => setTimeout(r, 3_200)),
): Promise<WizardBooking> {
  const types = await (await fetch(`${base}/book-consultation`)).text();
  const typeId = /name="type" value="([^"]+)"/.exec(types)?.[1];
  if (!typeId) throw new Error("the wizard offers no consultation type");
  // The first week with a free slot (the demo slots start on the next working days).
  let slotId: string | undefined;
  let week = await (await fetch(`${base}/book-consultation?step=2&type=${typeId}`)).text();
  for (let i = 0; i < 3 && !slotId; i++) {
    // A slot a visitor can choose: a full one is drawn too, as a disabled radio.
    slotId = [...week.matchAll(/<input\b[^>]*name="slot" value="([^"]+)"[^>]*>/g)].find((m) => !/\bdisabled\b/.test(m[0]))?.[1];
    const next = /href="([^"]*step=2[^"]*week=[^"]+)"[^>]*>[^<]*(?:<[^>]+>)*[^<]*Next/i.exec(week)?.[1];
    if (!slotId && next) week = await (await fetch(new URL(next.replaceAll("&amp;", "&"), base))).text();
  }
  if (!slotId) throw new Error("the wizard offers no free slot in three weeks");
  const details = await (await fetch(`${base}/book-consultation?step=3&type=${typeId}&slot=${slotId}`)).text();
  const formToken = /name="formToken" value="([^"]+)"/.exec(details)?.[1];
  if (!formToken) throw new Error("the details step carries no form token");
  await waitForFormGuard();

  const booked = await postConfirmBooking(base, { typeId, slotId, formToken }, visitor, "A smoke test of the production build.");
  const cookies = booked.headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!)
    .join("; ");
  const location = booked.headers.get("location");
  const confirmationHtml = location ? await (await fetch(new URL(location, base), { headers: cookies ? { cookie: cookies } : {} })).text() : "";
  const managePath = /href="(\/book-consultation\/manage\/[^"]+)"/.exec(confirmationHtml)?.[1] ?? null;
  return { typeId, slotId, status: booked.status, confirmationHtml, cookies, managePath };
}

/**
 * The wizard's Confirm Booking post (step 4) on `base` for `visitor`: slot `slotId` of type
 * `typeId`, the details form's `formToken`, a commercial project described as `projectDescription`
 * and a fresh idempotency key. Resolves with the unfollowed response (302 when the booking was
 * taken); the caller awaits the form guard's minimum time first.
 */
export function postConfirmBooking(
  base: string,
  form: { typeId: string; slotId: string; formToken: string },
  visitor: Visitor,
  projectDescription: string,
): Promise<Response> {
  return fetch(`${base}/book-consultation?step=4&type=${form.typeId}&slot=${form.slotId}`, {
    method: "POST",
    redirect: "manual",
    headers: { origin: base, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      intent: "confirm",
      formToken: form.formToken,
      website: "",
      typeId: form.typeId,
      slotId: form.slotId,
      idempotencyKey: crypto.randomUUID(),
      name: visitor.name,
      email: visitor.email,
      projectType: "commercial",
      projectDescription,
    }),
  });
}
