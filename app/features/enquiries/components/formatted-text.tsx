/**
 * A conversation message's text as staff read it: paragraphs, lists and clickable http(s) links,
 * as the reply e-mail shows them (`reply-format.ts`). Used by the enquiry's timeline and the
 * contact view.
 */
import { replyBlocks, replyInlines } from "../reply-format";

/** Text with clickable http(s) links, paragraphs and lists, as the reply e-mail shows it. */
export function FormattedText({ text }: { text: string }) {
  const line = (l: string, i: number) => (
    <span key={i}>
      {replyInlines(l).map((p, j) =>
        p.href ? (
          <a key={j} href={p.href} className="text-primary underline underline-offset-2" rel="noreferrer noopener" target="_blank">
            {p.text}
          </a>
        ) : (
          <span key={j}>{p.text}</span>
        ),
      )}
    </span>
  );
  return (
    <div className="space-y-2 break-words">
      {replyBlocks(text).map((b, i) =>
        b.type === "paragraph" ? (
          <p key={i}>
            {b.lines.map((l, j) => (
              <span key={j}>
                {j > 0 ? <br /> : null}
                {line(l, j)}
              </span>
            ))}
          </p>
        ) : b.type === "ul" ? (
          <ul key={i} className="list-disc pl-5">
            {b.items.map((item, j) => (
              <li key={j}>{line(item, j)}</li>
            ))}
          </ul>
        ) : (
          <ol key={i} className="list-decimal pl-5">
            {b.items.map((item, j) => (
              <li key={j}>{line(item, j)}</li>
            ))}
          </ol>
        ),
      )}
    </div>
  );
}
