/**
 * Pieces shared by Your account's sections: a form posting one intent, the pending state
 * of an intent, and the answer of an intent shown inside its section.
 */
import { Form, useNavigation } from "react-router";
import { cn } from "~/utils/cn";
import { replyFieldErrors } from "~/utils/forms";
import type { AccountIntent, AccountResult } from "./types";

/** Whether a post of `intent` is running. */
export function usePendingIntent(intent: AccountIntent): boolean {
  const navigation = useNavigation();
  return navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
}

/** A POST form for one intent (a hidden `intent` field), working without JavaScript too. */
export function IntentForm({
  intent,
  className,
  children,
  onSubmit,
}: {
  intent: AccountIntent;
  className?: string;
  children: React.ReactNode;
  onSubmit?: React.FormEventHandler<HTMLFormElement>;
}) {
  return (
    <Form method="post" className={className} onSubmit={onSubmit} preventScrollReset>
      <input type="hidden" name="intent" value={intent} />
      {children}
    </Form>
  );
}

/** The answer of one of `intents` when `result` is for one of them: green (status) or red (alert). */
export function IntentMessage({ result, intents, className }: { result: AccountResult | null; intents: AccountIntent[]; className?: string }) {
  if (!result || !intents.includes(result.intent)) return null;
  return (
    <p
      role={result.ok ? "status" : "alert"}
      className={cn(
        "rounded-md border px-4 py-3 text-sm",
        result.ok ? "border-green-200 bg-green-50 text-green-900" : "border-red-200 bg-red-50 text-red-900",
        className,
      )}
    >
      {result.message}
    </p>
  );
}

/** The errors of `field` in `result` when it answers `intent`. */
export function errorsFor(result: AccountResult | null, intent: AccountIntent, field: string): string[] | undefined {
  return result?.intent === intent ? replyFieldErrors(result)[field] : undefined;
}
