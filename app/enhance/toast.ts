/**
 * A small toast for the pages without React (the hydrated pages use sonner): bottom-right, shown
 * for 5 seconds, announced politely through one `role="status"` region.
 */
const TOAST_MS = 5000;

let region: HTMLElement | null = null;

/** Shows `message`, replacing any toast still on screen. */
export function showToast(message: string) {
  if (!region) {
    region = document.createElement("div");
    region.setAttribute("role", "status");
    region.setAttribute("aria-live", "polite");
    region.className = "pointer-events-none fixed right-4 bottom-4 z-[80] flex flex-col items-end gap-2";
    document.body.appendChild(region);
  }
  const toast = document.createElement("p");
  toast.className = "pointer-events-auto rounded-lg border bg-white px-4 py-3 text-sm font-medium text-foreground shadow-lg";
  toast.textContent = message;
  region.replaceChildren(toast);
  window.setTimeout(() => toast.remove(), TOAST_MS);
}
