import { Eye } from "lucide-react";

/**
 * The notice on a page opened through a signed preview link (preview
 * pages show a 'Preview - not published' banner), so nobody mistakes a draft for the live site.
 * Fixed to the bottom of the screen above everything else; server-rendered, no JavaScript.
 */
export function PreviewBanner() {
  return (
    <div
      role="note"
      aria-label="Preview"
      className="fixed inset-x-0 bottom-0 z-[60] flex items-center justify-center gap-2 border-t-2 border-amber-500 bg-amber-100 px-4 py-2.5 text-sm font-semibold text-amber-950 shadow-lg"
    >
      <Eye aria-hidden className="size-4" /> Preview - not published
    </div>
  );
}
