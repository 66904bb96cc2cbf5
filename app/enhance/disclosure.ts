/**
 * Disclosure buttons (`button[data-disclosure][aria-controls]`, e.g. a founder's experience entries
 * on /about): sent open by the server (readable without JavaScript), collapsed here; each click
 * flips its own `aria-expanded` and the `hidden` of the panel it controls, independently of the others.
 */
export function enhanceDisclosures() {
  for (const button of document.querySelectorAll<HTMLElement>("[data-disclosure][aria-controls]")) {
    const panel = document.getElementById(button.getAttribute("aria-controls")!);
    const set = (open: boolean) => {
      button.setAttribute("aria-expanded", String(open));
      if (panel) panel.hidden = !open;
    };
    set(false);
    button.addEventListener("click", () => set(button.getAttribute("aria-expanded") !== "true"));
  }
}
