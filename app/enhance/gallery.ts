/**
 * The project gallery's behaviour (`components/project-gallery.tsx`): previous and next wrap
 * around, a thumbnail shows its picture (`aria-pressed` marks it), the counter reads "n / total",
 * and the arrow keys move between pictures while focus is inside the gallery.
 */
export function enhanceGallery() {
  for (const gallery of document.querySelectorAll<HTMLElement>("[data-gallery]")) {
    const image = gallery.querySelector<HTMLImageElement>("[data-gallery-image]");
    const counter = gallery.querySelector<HTMLElement>("[data-gallery-counter]");
    const caption = gallery.querySelector<HTMLElement>("[data-gallery-caption]");
    const thumbs = [...gallery.querySelectorAll<HTMLElement>("[data-gallery-thumb]")];
    if (!image || thumbs.length < 2) continue;
    let index = 0;
    const show = (next: number) => {
      index = (next + thumbs.length) % thumbs.length;
      const thumb = thumbs[index]!;
      image.src = thumb.dataset.src ?? "";
      if (thumb.dataset.srcset) image.srcset = thumb.dataset.srcset;
      else image.removeAttribute("srcset");
      image.alt = thumb.dataset.alt ?? "";
      if (caption) {
        caption.textContent = thumb.dataset.caption ?? "";
        caption.hidden = !thumb.dataset.caption;
      }
      if (counter) counter.textContent = `${index + 1} / ${thumbs.length}`;
      thumbs.forEach((t, i) => t.setAttribute("aria-pressed", String(i === index)));
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
