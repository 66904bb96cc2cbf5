import { useEffect, useRef, useState } from "react";
import { toast } from "~/components/ui/toast";
import { replyFieldErrors, type FieldErrors } from "~/utils/forms";
import type { ConsultationActionResult } from "../admin-actions";

/**
 * One form's connection to the route action, provided by the route (a `useFetcher` there), so the
 * screen stays free of router imports. Forms are real `<form method="post">` elements: without
 * JavaScript they post to the page; with it, `submit` sends them in the background.
 */
export type Submitter = {
  submit: (form: HTMLFormElement) => void;
  /** True while the request runs. */
  pending: boolean;
  /** The last answer, until the next submission. */
  result: ConsultationActionResult | undefined;
};

/** `onSubmit` for a `<form>`: hands the form to the submitter instead of navigating. */
export function submitWith(submitter: Submitter) {
  return (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    submitter.submit(event.currentTarget);
  };
}

/**
 * Shows one toast per answer: the success message, or the spec's failure message with the reason.
 * Calls `onSuccess` after a success (e.g. to close the dialog). Field errors stay in the form.
 */
export function useResultToast(submitter: Submitter, onSuccess?: (result: Extract<ConsultationActionResult, { ok: true }>) => void) {
  // An answer already there when the form mounted (tab switched back) is not shown again.
  const seen = useRef<ConsultationActionResult | undefined>(submitter.result);
  const onSuccessRef = useRef(onSuccess);
  useEffect(() => {
    onSuccessRef.current = onSuccess;
  });
  const { result, pending } = submitter;
  useEffect(() => {
    if (pending || !result || seen.current === result) return;
    seen.current = result;
    // Success and failure get their own ids: a success replacing an earlier failure's toast would
    // keep that toast's timer and vanish early.
    const id = `consultations-${result.intent ?? "action"}-${result.ok ? "done" : "failed"}`;
    if (result.ok) {
      toast.success(result.message, { id, description: result.description });
      onSuccessRef.current?.(result);
    } else {
      toast.error(result.message, { id, description: result.description });
    }
  }, [result, pending]);
}

/** Field errors of the last failed answer, when it was for this form. */
export function errorsOf(submitter: Submitter): FieldErrors {
  return replyFieldErrors(submitter.result);
}

/**
 * A dialog form's submission state. `submitted` turns true on its first submission, so the errors
 * of answers that came before (another form, an earlier dialog) stay hidden until then; `errors`
 * are the field errors to show; `onSubmit` marks the form submitted and hands it to the submitter.
 */
export function useFormSubmission(submitter: Submitter) {
  const [submitted, setSubmitted] = useState(false);
  return {
    submitted,
    errors: submitted ? errorsOf(submitter) : {},
    onSubmit: (event: React.FormEvent<HTMLFormElement>) => {
      setSubmitted(true);
      submitWith(submitter)(event);
    },
  };
}
