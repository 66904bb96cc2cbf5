/**
 * Disclosure buttons (`button[data-disclosure][aria-controls]`, e.g. a founder's experience entries
 * on /about): each click flips its own `aria-expanded` and the `hidden` of the panel it controls,
 * independently of the others.
 */
export function enhanceDisclosures() {
  for (const button of document.querySelectorAll<HTMLElement>("[data-disclosure][aria-controls]")) {
    button.addEventListener("click", () => {
      const open = button.getAttribute("aria-expanded") !== "true";
      button.setAttribute("aria-expanded", String(open));
      const panel = document.getElementById(button.getAttribute("aria-controls")!);
      if (panel) panel.hidden = !open;
    });
  }
}
