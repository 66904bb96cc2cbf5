/**
 * The public forms refuse or flag a submission sent sooner than MIN_SUBMIT_MS after the form was
 * rendered (`app/features/abuse/form-guard.server.ts`); browser tests type faster than people.
 */

/** `MIN_SUBMIT_MS` of the server's form guard. */
export const MIN_SUBMIT_MS = 3_000;

/** Waits until a form rendered at `loadedAt` (epoch ms) is old enough to count as typed by a person. */
export async function waitUntilHumanPace(loadedAt: number): Promise<void> {
  const wait = MIN_SUBMIT_MS + 300 - (Date.now() - loadedAt);
  if (wait > 0) await new Promise((r) => setTimeout(r, wait));
}
