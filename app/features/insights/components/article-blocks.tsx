/**
 * Renders an article's body blocks: paragraph, heading (level 2 larger than level 3), quote with an
 * optional author, bulleted list (`<ul>`) and numbered list (`<ol>`, keeping its `start`). Text is a plain string or
 * inline runs rendered as `<strong>`, `<em>` and links, and images from the media library
 * as the site's responsive `<picture>` in a `<figure>` with the block's alt text and optional
 * `<figcaption>` (an image whose id `images` does not resolve, deleted or never in the library,
 * is not rendered). A link's address is checked again here
 * (isSafeHref) and an unsafe one renders as plain text. Text is only ever text (React escapes it).
 * Blocks of an unknown type, malformed ones and empty ones are not rendered. Stateless server
 * markup: content pages ship no React (ADR 0007), and the admin editor reuses it as its
 * non-editable fallback.
 */
import { Fragment, type ReactNode } from "react";
import type { InlineContent, InsightBlock } from "~/db/schema";
import { Picture } from "~/features/media/components/picture";
import type { ResponsiveImage } from "~/features/media/rules";
import { inlineText, isSafeHref } from "../blocks";

/** Library images of a body's image blocks, by media id (resolveMediaIds in media/resolve.server.ts). */
export type ArticleImages = Readonly<Record<string, ResponsiveImage>>;

function hasText(content: unknown): content is InlineContent {
  return (typeof content === "string" || Array.isArray(content)) && inlineText(content).trim() !== "";
}

/** Inline content as React nodes: plain text, or runs with their marks and links. */
export function Inline({ content }: { content: InlineContent }) {
  if (typeof content === "string") return content;
  return content.map((run, i) => {
    if (!run || typeof run !== "object" || typeof run.text !== "string") return null;
    let node: ReactNode = run.text;
    if (run.italic) node = <em>{node}</em>;
    if (run.bold) node = <strong className="font-semibold text-foreground">{node}</strong>;
    if (isSafeHref(run.href)) {
      node = (
        <a href={run.href} rel={/^mailto:/i.test(run.href) ? undefined : "noopener noreferrer"} className="font-medium text-primary underline underline-offset-4 hover:text-primary/80">
          {node}
        </a>
      );
    }
    return <Fragment key={i}>{node}</Fragment>;
  });
}

function Block({ block, images }: { block: InsightBlock; images: ArticleImages }) {
  switch (block.type) {
    case "image": {
      const image = typeof block.mediaId === "string" ? images[block.mediaId] : undefined;
      if (!image || typeof block.alt !== "string" || !block.alt.trim()) return null;
      return (
        <figure className="my-2 flex flex-col gap-3">
          <Picture
            image={image}
            alt={block.alt}
            sizes="(min-width: 768px) 720px, calc(100vw - 2rem)"
            className="h-auto w-full rounded-xl bg-muted object-cover"
          />
          {typeof block.caption === "string" && block.caption.trim() ? <figcaption className="text-sm leading-6 text-muted-foreground">{block.caption}</figcaption> : null}
        </figure>
      );
    }
    case "paragraph":
      return hasText(block.content) ? (
        <p className="text-lg leading-8 text-slate-700">
          <Inline content={block.content} />
        </p>
      ) : null;
    case "heading":
      if (!hasText(block.content)) return null;
      return block.level === 3 ? (
        <h3 className="pt-2 text-xl font-semibold tracking-tight text-foreground sm:text-2xl">
          <Inline content={block.content} />
        </h3>
      ) : (
        <h2 className="pt-4 text-2xl font-bold tracking-tight text-foreground sm:text-3xl">
          <Inline content={block.content} />
        </h2>
      );
    case "quote":
      return hasText(block.content) ? (
        <figure className="my-2 rounded-e-xl border-s-4 border-primary bg-accent px-6 py-5">
          <blockquote className="text-xl leading-relaxed font-medium text-accent-foreground italic">
            “<Inline content={block.content} />”
          </blockquote>
          {typeof block.author === "string" && block.author.trim() ? (
            <figcaption className="mt-3 text-sm font-semibold text-primary">— {block.author}</figcaption>
          ) : null}
        </figure>
      ) : null;
    case "list": {
      const items = Array.isArray(block.items) ? block.items.filter(hasText) : [];
      if (!items.length) return null;
      const start = Number.isInteger(block.start) ? block.start : undefined;
      return block.ordered === true ? (
        <ol start={start} className="flex list-decimal flex-col gap-2.5 ps-7 text-lg leading-7 text-slate-700 marker:font-semibold marker:text-primary">
          {items.map((item, i) => (
            <li key={i} className="ps-1">
              <Inline content={item} />
            </li>
          ))}
        </ol>
      ) : (
        <ul className="flex flex-col gap-2.5 ps-1 text-lg leading-7 text-slate-700">
          {items.map((item, i) => (
            <li key={i} className="flex gap-3">
              <span aria-hidden className="mt-2.5 size-2 shrink-0 rounded-full bg-primary" />
              <span>
                <Inline content={item} />
              </span>
            </li>
          ))}
        </ul>
      );
    }
    default:
      return null;
  }
}

/** The body of an article, block after block; `images` resolves its image blocks (none by default); `dir` its writing direction when set. */
export function ArticleBlocks({ blocks, images = {}, dir }: { blocks: readonly InsightBlock[]; images?: ArticleImages; dir?: "auto" }) {
  return (
    <div className="flex flex-col gap-6" dir={dir}>
      {blocks.map((block, i) => (block && typeof block === "object" ? <Block key={i} block={block} images={images} /> : null))}
    </div>
  );
}
