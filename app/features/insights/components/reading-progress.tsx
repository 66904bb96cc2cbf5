/**
 * The reading-progress bar of an article:
 * fixed at the top of the page, the scroll position as a percentage of the scrollable height,
 * clamped to 0-100 and exposed as a `progressbar`. Server markup only: `app/enhance/progress.ts`
 * keeps `aria-valuenow` and the bar's width in step with the scroll position.
 */
/** The bar, named `label` ("Reading progress" in the page's language). */
export function ReadingProgress({ label }: { label: string }) {
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={0}
      data-reading-progress=""
      className="fixed inset-x-0 top-0 z-[70] h-1 bg-transparent"
    >
      <div className="h-full origin-left bg-primary transition-[width] duration-75" style={{ width: "0%" }} />
    </div>
  );
}
