/**
 * Asks before leaving a form with unsaved changes: in-app navigations through React
 * Router's `useBlocker`, closing or reloading the tab through `beforeunload`. "Unsaved" means the
 * form's fields differ from what they were after mount (or `startDirty`, e.g. a restored revision).
 * Submitting the form itself is never blocked.
 */
import { useCallback, useEffect, useRef } from "react";
import { useBlocker } from "react-router";

function serialize(form: HTMLFormElement): string {
  return JSON.stringify([...new FormData(form).entries()].filter(([k]) => k !== "intent" && k !== "version").map(([k, v]) => [k, typeof v === "string" ? v : v.name]));
}

/** Returns the ref to put on the form and the blocker (show a dialog while `state === "blocked"`). */
export function useUnsavedChanges(options: { startDirty?: boolean; resetKey?: unknown } = {}) {
  const formRef = useRef<HTMLFormElement>(null);
  const initial = useRef<string | null>(null);
  const submitting = useRef(false);
  const { startDirty = false, resetKey } = options;

  useEffect(() => {
    // Taken after the first render (and after each successful save, via resetKey).
    if (formRef.current) initial.current = startDirty ? "" : serialize(formRef.current);
    submitting.current = false;
  }, [startDirty, resetKey]);

  const isDirty = useCallback(() => {
    const form = formRef.current;
    return Boolean(form && initial.current !== null && !submitting.current && serialize(form) !== initial.current);
  }, []);

  useEffect(() => {
    const form = formRef.current;
    const onSubmit = () => {
      submitting.current = true;
    };
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      if (isDirty()) e.preventDefault();
    };
    form?.addEventListener("submit", onSubmit);
    window.addEventListener("beforeunload", onBeforeUnload);
    return () => {
      form?.removeEventListener("submit", onSubmit);
      window.removeEventListener("beforeunload", onBeforeUnload);
    };
  }, [isDirty]);

  const blocker = useBlocker(({ currentLocation, nextLocation, historyAction }) => {
    if (submitting.current) return false;
    if (historyAction === "REPLACE" && currentLocation.pathname === nextLocation.pathname) return false;
    return isDirty();
  });
  return { formRef, blocker, markSubmitting: () => (submitting.current = true) };
}
