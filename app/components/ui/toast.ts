import type { ExternalToast, toast as sonnerToast } from "sonner";

/** What sonner accepts as a toast's title: text or a React node. */
export type ToastMessage = Parameters<typeof sonnerToast.success>[0];

function show(kind: "success" | "error", message: ToastMessage, data?: ExternalToast): void {
  void import("sonner").then(({ toast }) => {
    toast[kind](message, data);
  });
}

/**
 * Fires a sonner toast without putting sonner in the caller's first-load chunk: sonner is imported
 * on demand (the same chunk the lazily mounted `Toaster` from ./sonner uses), so the toast appears
 * a moment later than a direct call. Same arguments as sonner's `toast.success` / `toast.error`;
 * give each an `id` so one event shows one toast. Nothing is returned.
 */
export const toast = {
  success: (message: ToastMessage, data?: ExternalToast): void => show("success", message, data),
  error: (message: ToastMessage, data?: ExternalToast): void => show("error", message, data),
};
