/**
 * Instant filtering on /projects (and /fr/projects ...: the list's address is the search form's own
 * `action`, the loading words the status line's `data-loading`): typing in the search box
 * (debounced 250 ms), a tab or Clear Filters fetches the server-filtered page, swaps the tabs and
 * the results in place and replaces the URL, so a shared URL opens the same view. Without
 * JavaScript the same tabs are links and the search a GET form.
 */
import { projectListSearch, PROJECT_CATEGORY_FILTERS, type ProjectCategoryFilter } from "~/features/projects/query";

/** Milliseconds of typing pause before the list is filtered. */
export const SEARCH_DEBOUNCE_MS = 250;

function categoryOf(url: URL): ProjectCategoryFilter {
  const value = url.searchParams.get("category");
  return (PROJECT_CATEGORY_FILTERS as readonly string[]).includes(value ?? "") ? (value as ProjectCategoryFilter) : "all";
}

export function enhanceProjects() {
  const form = document.querySelector<HTMLFormElement>("form[data-projects-search]");
  const input = form?.querySelector<HTMLInputElement>('input[name="q"]');
  const hiddenCategory = form?.querySelector<HTMLInputElement>('input[name="category"]');
  if (!form || !input || !hiddenCategory) return;
  const listPath = new URL(form.action, window.location.href).pathname;

  let timer: ReturnType<typeof setTimeout> | undefined;
  let pending: AbortController | undefined;

  const swap = (doc: Document, selector: string) => {
    const next = doc.querySelector(selector);
    const current = document.querySelector(selector);
    if (next && current) current.replaceWith(next);
  };

  const show = async (href: string, syncInput: boolean) => {
    clearTimeout(timer);
    pending?.abort();
    const controller = new AbortController();
    pending = controller;
    const url = new URL(href, window.location.href);
    const status = document.querySelector<HTMLElement>("[data-projects-status]");
    if (status) status.textContent = status.dataset.loading ?? "";
    document.querySelector("[data-projects-results] ul")?.classList.add("opacity-60");
    try {
      const response = await fetch(url, { signal: controller.signal, headers: { accept: "text/html" } });
      const doc = new DOMParser().parseFromString(await response.text(), "text/html");
      if (controller.signal.aborted) return;
      swap(doc, "[data-projects-tabs]");
      swap(doc, "[data-projects-results]");
      const category = categoryOf(url);
      hiddenCategory.value = category;
      hiddenCategory.disabled = category === "all";
      if (syncInput) input.value = url.searchParams.get("q") ?? "";
      window.history.replaceState(window.history.state, "", `${url.pathname}${url.search}`);
    } catch (error) {
      // An aborted request was superseded; anything else falls back to a normal page load.
      if (!controller.signal.aborted) window.location.assign(url);
      else if (!(error instanceof DOMException)) console.error(error);
    }
  };

  const current = () => ({ category: categoryOf(new URL(window.location.href)), q: input.value.trim() });

  input.addEventListener("input", () => {
    clearTimeout(timer);
    timer = setTimeout(() => void show(`${listPath}${projectListSearch(current())}`, false), SEARCH_DEBOUNCE_MS);
  });
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    void show(`${listPath}${projectListSearch(current())}`, false);
  });
  document.addEventListener("click", (event) => {
    const link = (event.target as Element | null)?.closest<HTMLAnchorElement>("a[data-projects-link]");
    if (!link || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    void show(link.href, true);
  });
}
