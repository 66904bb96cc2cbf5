/**
 * A catalogue message with markup around some of its words: the message is called with a marker
 * for each such parameter, and each marker is replaced by its element, so translators keep the
 * words' order and the markup stays in code.
 */
import { Fragment, type ReactNode } from "react";

const MARK = "\u0000";

/** The marker value to pass for parameter `name` (`m.x({ cookie: markOf("cookie") })`). */
export function markOf(name: string): string {
  return `${MARK}${name}${MARK}`;
}

/** `text` (a message called with `markOf` values) with each marker replaced by `parts[name]`. */
export function richMessage(text: string, parts: Record<string, ReactNode>): ReactNode {
  return text.split(MARK).map((piece, i) => <Fragment key={i}>{i % 2 === 1 ? (parts[piece] ?? piece) : piece}</Fragment>);
}
