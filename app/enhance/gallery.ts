/**
 * The project gallery's behaviour (`components/project-gallery.tsx`): previous and next wrap
 * around, a thumbnail shows its picture (`aria-pressed` marks it), the counter reads "n / total",
 * the caption follows, and the arrow keys move between pictures while focus is inside the gallery.
 */
export function enhanceGallery() {
  for (const gallery of document.querySelectorAll<HTMLElement>("[data-gallery]")) {
    const slides = [...gallery.querySelectorAll<HTMLElement>("[data-gallery-slide]")];
    const thumbs = [...gallery.querySelectorAll<HTMLElement>("[data-gallery-thumb]")];
    const counter = gallery.querySelector<HTMLElement>("[data-gallery-counter]");
    const caption = gallery.querySelector<HTMLElement>("[data-gallery-caption]");
    if (slides.length < 2) continue;
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
    }
    gallery.querySelector("figure")?.addEventListener("keydown", (event) => {
      if (event.key === "ArrowLeft") show(index - 1);
      if (event.key === "ArrowRight") show(index + 1);
    });
  }
}
