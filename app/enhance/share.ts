/**
 * The share panel's Copy link (`[data-copy-link]`): writes
 * the page URL to the clipboard and confirms with "Link copied to clipboard"; a failure is logged
 * only. The button is shown only where the Clipboard API exists.
 */
import { showToast } from "./toast";

export function enhanceShare() {
  if (!navigator.clipboard) return;
  for (const button of document.querySelectorAll<HTMLButtonElement>("[data-copy-link]")) {
    button.hidden = false;
    button.addEventListener("click", async () => {
      try {
        await navigator.clipboard.writeText(button.dataset.copyLink ?? window.location.href);
        showToast("Link copied to clipboard");
      } catch (error) {
        console.error("Copy link failed", error);
      }
    });
  }
}
