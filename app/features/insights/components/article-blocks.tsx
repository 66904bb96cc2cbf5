/**
 * Renders an article's body blocks (`shared/spec/public-site.md` section 2 "/insights/{slug}"):
 * paragraph, heading (level 2 larger than level 3), quote with an optional author, and list.
 * Blocks of an unknown type, or malformed ones, are not rendered.
 */
import type { InsightBlock } from "~/db/schema";

function isText(v: unknown): v is string {
  return typeof v === "string" && v.trim() !== "";
}

function Block({ block }: { block: InsightBlock }) {
  switch (block.type) {
    case "paragraph":
      return isText(block.content) ? <p className="text-lg leading-8 text-slate-700">{block.content}</p> : null;
    case "heading":
      if (!isText(block.content)) return null;
      return block.level === 3 ? (
        <h3 className="pt-2 text-xl font-semibold tracking-tight text-foreground sm:text-2xl">{block.content}</h3>
      ) : (
        <h2 className="pt-4 text-2xl font-bold tracking-tight text-foreground sm:text-3xl">{block.content}</h2>
      );
    case "quote":
      return isText(block.content) ? (
        <figure className="my-2 rounded-r-xl border-l-4 border-primary bg-accent px-6 py-5">
          <blockquote className="text-xl leading-relaxed font-medium text-accent-foreground italic">“{block.content}”</blockquote>
          {isText(block.author) ? <figcaption className="mt-3 text-sm font-semibold text-primary">— {block.author}</figcaption> : null}
        </figure>
      ) : null;
    case "list": {
      const items = Array.isArray(block.items) ? block.items.filter(isText) : [];
      return items.length ? (
        <ul className="flex flex-col gap-2.5 pl-1 text-lg leading-7 text-slate-700">
          {items.map((item, i) => (
            <li key={i} className="flex gap-3">
              <span aria-hidden className="mt-2.5 size-2 shrink-0 rounded-full bg-primary" />
              <span>{item}</span>
            </li>
          ))}
        </ul>
      ) : null;
    }
    default:
      return null;
  }
}

export function ArticleBlocks({ blocks }: { blocks: readonly InsightBlock[] }) {
  return (
    <div className="flex flex-col gap-6">
      {blocks.map((block, i) => (block && typeof block === "object" ? <Block key={i} block={block} /> : null))}
    </div>
  );
}
