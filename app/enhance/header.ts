/**
 * The site header's behaviour on the
 * server-rendered markup of `components/site-header.tsx`: the scrolled style past 20 px, the
 * Services dropdown (hover, click, keyboard: Escape closes and returns focus to its toggle) and
 * the mobile menu with its expandable groups (Escape closes). Opening the menu starts every group collapsed.
 * The server's no-JavaScript menu (links and a `:target` panel with the groups open) is swapped
 * for the button here by toggling `hidden` only, so the hydrated pages' markup stays React's.
 */

/** Scroll distance in pixels after which the header takes its stronger blur style. */
export const HEADER_SCROLL_THRESHOLD = 20;

function controlled(button: HTMLElement): HTMLElement | null {
  const id = button.getAttribute("aria-controls");
  return id ? document.getElementById(id) : null;
}

function setExpanded(button: HTMLElement, open: boolean) {
  button.setAttribute("aria-expanded", String(open));
  const panel = controlled(button);
  if (panel) panel.hidden = !open;
}

function isExpanded(button: HTMLElement): boolean {
  return button.getAttribute("aria-expanded") === "true";
}

function dropdown(root: HTMLElement) {
  const toggle = root.querySelector<HTMLElement>("[data-dropdown-toggle]");
  if (!toggle) return;
  root.addEventListener("mouseenter", () => setExpanded(toggle, true));
  root.addEventListener("mouseleave", () => setExpanded(toggle, false));
  toggle.addEventListener("click", () => setExpanded(toggle, !isExpanded(toggle)));
  root.addEventListener("focusout", (event) => {
    if (!root.contains(event.relatedTarget as Node | null)) setExpanded(toggle, false);
  });
  root.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && isExpanded(toggle)) {
      setExpanded(toggle, false);
      toggle.focus();
    }
  });
}

function mobileMenu(header: HTMLElement) {
  const toggle = header.querySelector<HTMLElement>("[data-menu-toggle]");
  const panel = toggle && controlled(toggle);
  if (!toggle || !panel) return;
  const groups = [...header.querySelectorAll<HTMLElement>("[data-group-toggle]")];
  const setOpen = (open: boolean) => {
    setExpanded(toggle, open);
    // The page's own words for the two states (the header writes them in its language).
    toggle.setAttribute("aria-label", (open ? toggle.dataset.labelClose : toggle.dataset.labelOpen) ?? (open ? "Close menu" : "Open menu"));
    header.dataset.menu = open ? "open" : "closed";
    if (open) for (const group of groups) setExpanded(group, false);
  };
  toggle.addEventListener("click", () => setOpen(!isExpanded(toggle)));
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && isExpanded(toggle)) setOpen(false);
  });
  for (const group of groups) group.addEventListener("click", () => setExpanded(group, !isExpanded(group)));

  // From the no-JavaScript menu (links, `:target`) to the button: closed, groups collapsed.
  panel.hidden = true;
  panel.dataset.enhanced = "";
  for (const link of header.querySelectorAll<HTMLElement>("[data-menu-link]")) link.hidden = true;
  for (const group of groups) {
    setExpanded(group, false);
    group.hidden = false;
  }
  toggle.hidden = false;
}

/**
 * The page is sent unscrolled (`data-scrolled="false"`); the first reading waits for the first
 * frame (a page opened further down, on a reload or Back), because reading `scrollY` while the
 * page loads would lay it out inside this script's task, before its first paint.
 */
function scrolledStyle(header: HTMLElement) {
  const update = () => {
    header.dataset.scrolled = window.scrollY > HEADER_SCROLL_THRESHOLD ? "true" : "false";
  };
  window.requestAnimationFrame(update);
  window.addEventListener("scroll", update, { passive: true });
}

/** Wires every `[data-site-header]` on the page. */
export function enhanceHeader() {
  for (const header of document.querySelectorAll<HTMLElement>("[data-site-header]")) {
    scrolledStyle(header);
    for (const root of header.querySelectorAll<HTMLElement>("[data-dropdown]")) dropdown(root);
    mobileMenu(header);
  }
}
