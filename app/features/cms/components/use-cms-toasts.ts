/**
 * Toasts of the content studio: the result of the last action, and the one-off
 * `?saved={intent}` / `?deleted=1` flags a redirect carries (removed from the URL once shown).
 */
import { useEffect } from "react";
import { useSearchParams } from "react-router";
import { toast } from "~/components/ui/toast";
import type { CmsActionResult } from "../actions.server";
import type { ContentKindRef } from "../kinds";

/** Shows the toast of an action result once per result. */
export function useActionToast(result: CmsActionResult | undefined) {
  useEffect(() => {
    if (!result) return;
    if (result.ok) toast.success(result.message, { id: `cms-${result.intent}-${result.id ?? ""}-${Date.now()}` });
    else toast.error(result.title, { id: `cms-error-${result.intent}-${Date.now()}`, description: result.description });
  }, [result]);
}

/** Shows `messages[flag value]` for a one-off search parameter `flag`, then removes it. */
export function useFlagToast(flag: string, messages: Record<string, string>) {
  const [params, setParams] = useSearchParams();
  const value = params.get(flag);
  useEffect(() => {
    if (!value) return;
    const message = messages[value];
    if (message) toast.success(message, { id: `cms-flag-${flag}-${value}` });
    setParams(
      (p) => {
        p.delete(flag);
        return p;
      },
      { replace: true, preventScrollReset: true },
    );
  }, [flag, value, messages, setParams]);
}

/**
 * The spec's 'Error loading project' / 'Error loading blog post' toast when a list is opened with
 * `?error=load` (an edit screen's redirect for a missing item).
 */
export function useLoadErrorToast(kind: Pick<ContentKindRef, "name" | "messages">) {
  const [params] = useSearchParams();
  const loadError = params.get("error") === "load";
  const { name, messages } = kind;
  useEffect(() => {
    const { title, description } = messages.loadError;
    if (loadError) toast.error(title, { id: `${name}-load-error`, description });
  }, [name, messages, loadError]);
}
