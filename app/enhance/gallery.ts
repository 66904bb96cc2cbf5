/**
 * The project gallery's behaviour (`components/project-gallery.tsx`): previous and next wrap
 * around, a thumbnail shows its picture (`aria-pressed` marks it), the counter reads "n / total",
 * the caption follows, and the arrow keys move between pictures while focus is inside the gallery.
 * The server's thumbnail links (to the full-size pictures, for browsers without JavaScript) become
 * buttons labelled with their `data-gallery-thumb`, and the previous and next buttons appear.
 */

/** A `<button>` in place of a thumbnail link, with its classes and picture. */
function thumbButton(link: HTMLElement, first: boolean): HTMLButtonElement {
  const button = document.createElement("button");
  button.type = "button";
  button.className = link.className;
  button.dataset.galleryThumb = link.dataset.galleryThumb;
  button.setAttribute("aria-label", link.dataset.galleryThumb ?? "");
  button.setAttribute("aria-pressed", String(first));
  button.append(...link.childNodes);
  link.replaceWith(button);
  return button;
}

export function enhanceGallery() {
  for (const gallery of document.querySelectorAll<HTMLElement>("[data-gallery]")) {
    const slides = [...gallery.querySelectorAll<HTMLElement>("[data-gallery-slide]")];
    const counter = gallery.querySelector<HTMLElement>("[data-gallery-counter]");
    const caption = gallery.querySelector<HTMLElement>("[data-gallery-caption]");
    if (slides.length < 2) continue;
    const thumbs = [...gallery.querySelectorAll<HTMLElement>("a[data-gallery-thumb]")].map((link, i) => thumbButton(link, i === 0));
    let index = 0;
    const show = (next: number) => {
      index = (next + slides.length) % slides.length;
      slides.forEach((slide, i) => (slide.hidden = i !== index));
      thumbs.forEach((thumb, i) => thumb.setAttribute("aria-pressed", String(i === index)));
      if (counter) counter.textContent = `${index + 1} / ${slides.length}`;
      if (caption) {
        caption.textContent = slides[index]!.dataset.caption ?? "";
        caption.hidden = !caption.textContent;
      }
    };
    thumbs.forEach((thumb, i) => thumb.addEventListener("click", () => show(i)));
    for (const step of gallery.querySelectorAll<HTMLElement>("[data-gallery-step]")) {
      step.addEventListener("click", () => show(index + Number(step.dataset.galleryStep)));
      step.hidden = false;
    }
    gallery.querySelector("figure")?.addEventListener("keydown", (event) => {
      if (event.key === "ArrowLeft") show(index - 1);
      if (event.key === "ArrowRight") show(index + 1);
    });
  }
}
