/**
 * How the block editor draws an article's image block: the chosen library image, its
 * alt text (required: marked invalid and explained while empty; not a `required` input, so
 * the save reaches the server, which refuses it naming the block) and its optional caption, both edited in place. The inputs keep their own keys
 * (Tiptap's node view lets inputs handle their events), so typing never reaches the document
 * text. Admin only: used through block-editor.tsx.
 */
import { type NodeViewProps, NodeViewWrapper } from "@tiptap/react";
import { ImageIcon } from "lucide-react";
import { type KeyboardEvent, useId } from "react";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { cn } from "~/utils/cn";

/** The visible message under an empty alt text field (the server's refusal says the same). */
export const ALT_REQUIRED_HINT = "Alt text is required: describe the image for people who cannot see it.";

export function ArticleImageView({ node, updateAttributes, selected }: NodeViewProps) {
  const id = useId();
  // Enter in these inputs must not submit the article form around the editor.
  const noSubmit = (e: KeyboardEvent<HTMLInputElement>) => e.key === "Enter" && e.preventDefault();
  const { src, alt, caption } = node.attrs as { src: string; alt: string; caption: string };
  const missingAlt = !String(alt).trim();
  return (
    <NodeViewWrapper
      as="figure"
      data-image-block=""
      className={cn("my-3 flex flex-col gap-3 rounded-lg border bg-muted/30 p-3 sm:flex-row", selected && "ring-2 ring-ring")}
    >
      <div className="aspect-[4/3] w-full shrink-0 overflow-hidden rounded-md bg-muted sm:w-40" contentEditable={false}>
        {src ? (
          <img src={src} alt="" className="size-full object-cover" draggable={false} />
        ) : (
          <span className="grid size-full place-items-center text-muted-foreground">
            <ImageIcon aria-hidden className="size-6" />
          </span>
        )}
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-2" contentEditable={false}>
        <div className="flex flex-col gap-1">
          <Label htmlFor={`${id}-alt`}>
            Image alt text <span className="text-destructive">*</span>
          </Label>
          <Input
            id={`${id}-alt`}
            value={alt}
            aria-required
            maxLength={500}
            aria-invalid={missingAlt || undefined}
            aria-describedby={missingAlt ? `${id}-alt-error` : undefined}
            onKeyDown={noSubmit}
            onChange={(e) => updateAttributes({ alt: e.currentTarget.value })}
          />
          {missingAlt ? (
            <p id={`${id}-alt-error`} className="text-sm text-destructive">
              {ALT_REQUIRED_HINT}
            </p>
          ) : null}
        </div>
        <div className="flex flex-col gap-1">
          <Label htmlFor={`${id}-caption`}>Image caption (optional)</Label>
          <Input id={`${id}-caption`} value={caption} maxLength={500} onKeyDown={noSubmit} onChange={(e) => updateAttributes({ caption: e.currentTarget.value })} />
        </div>
      </div>
    </NodeViewWrapper>
  );
}
