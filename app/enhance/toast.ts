/**
 * The public site's toast (the spec's notification area: bottom-right, 5 seconds): a title, an
 * optional description, and the destructive tone for failures. One region on the page, announced
 * politely (`role="status"`); a destructive toast is announced at once (`role="alert"`). Each toast
 * carries `data-toast` (and `data-tone="error"` when destructive).
 */
const TOAST_MS = 5000;

let region: HTMLElement | null = null;

/** Shows a toast with `title` (and `description`), replacing any toast still on screen. */
export function showToast(title: string, { description, tone }: { description?: string; tone?: "error" } = {}) {
  if (!region) {
    region = document.createElement("div");
    region.setAttribute("role", "status");
    region.setAttribute("aria-live", "polite");
    region.className = "pointer-events-none fixed right-4 bottom-4 left-4 z-[80] flex flex-col items-end gap-2 sm:left-auto";
    document.body.appendChild(region);
  }
  const toast = document.createElement("div");
  toast.dataset.toast = "";
  toast.className =
    tone === "error"
      ? "pointer-events-auto max-w-sm rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-900 shadow-lg"
      : "pointer-events-auto max-w-sm rounded-lg border bg-white px-4 py-3 text-sm text-foreground shadow-lg";
  if (tone === "error") {
    toast.dataset.tone = "error";
    toast.setAttribute("role", "alert");
  }
  const heading = document.createElement("p");
  heading.className = "font-semibold";
  heading.textContent = title;
  toast.append(heading);
  if (description) {
    const text = document.createElement("p");
    text.className = "mt-0.5";
    text.textContent = description;
    toast.append(text);
  }
  region.replaceChildren(toast);
  window.setTimeout(() => toast.remove(), TOAST_MS);
}

/**
 * Toasts the server asked for in the page (`<template data-toast-title="…" data-toast-description="…"
 * data-toast-tone="error">`), e.g. the booking wizard's "could not load" notices: shown once the
 * page is enhanced. Without JavaScript the page says the same in its own text.
 */
export function enhanceServerToasts() {
  for (const request of document.querySelectorAll<HTMLElement>("[data-toast-title]")) {
    const { toastTitle = "", toastDescription, toastTone } = request.dataset;
    showToast(toastTitle, { description: toastDescription, tone: toastTone === "error" ? "error" : undefined });
  }
}
