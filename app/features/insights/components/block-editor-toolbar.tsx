/**
 * The toolbar pieces of the article body editor (./block-editor.tsx): the block-type buttons, one
 * tool button with its shortcut, the toolbar's view of the editor and the list of keyboard
 * shortcuts shown under it.
 */
import { type Editor } from "@tiptap/react";
import { Heading2, Heading3, List, ListOrdered, Pilcrow, TextQuote } from "lucide-react";
import { type ReactNode } from "react";
import { cn } from "~/utils/cn";
import { activeKind, BLOCK_SHORTCUTS, type BlockKind, topBlock } from "./block-editor-schema";

/** "Mod-Alt-2" as people read it ("Ctrl+Alt+2") and as aria-keyshortcuts wants it ("Control+Alt+2"). */
export function shortcut(keys: string, aria = false): string {
  return keys
    .split("-")
    .map((k) => (k === "Mod" ? (aria ? "Control" : "Ctrl") : k === "ArrowUp" ? (aria ? "ArrowUp" : "↑") : k === "ArrowDown" ? (aria ? "ArrowDown" : "↓") : k.length === 1 ? k.toUpperCase() : k))
    .join("+");
}

/** The block-type buttons of the toolbar, in order. */
export const BLOCK_BUTTONS: { kind: BlockKind; label: string; icon: ReactNode }[] = [
  { kind: "paragraph", label: "Paragraph", icon: <Pilcrow aria-hidden /> },
  { kind: "heading2", label: "Heading 2", icon: <Heading2 aria-hidden /> },
  { kind: "heading3", label: "Heading 3", icon: <Heading3 aria-hidden /> },
  { kind: "quote", label: "Quote", icon: <TextQuote aria-hidden /> },
  { kind: "bulletList", label: "Bulleted list", icon: <List aria-hidden /> },
  { kind: "orderedList", label: "Numbered list", icon: <ListOrdered aria-hidden /> },
];

const HELP: [string, string][] = [
  [`${shortcut("Mod-b")}, ${shortcut("Mod-i")}`, "Bold, italic"],
  [shortcut(BLOCK_SHORTCUTS.link), "Add or edit a link (http, https or mailto)"],
  [`${shortcut(BLOCK_SHORTCUTS.paragraph)}, ${shortcut(BLOCK_SHORTCUTS.heading2)}, ${shortcut(BLOCK_SHORTCUTS.heading3)}`, "Paragraph, heading 2, heading 3 (or type ## or ### and a space)"],
  [shortcut(BLOCK_SHORTCUTS.quote), "Quote (or type > and a space); Enter moves to the author"],
  [`${shortcut(BLOCK_SHORTCUTS.bulletList)}, ${shortcut(BLOCK_SHORTCUTS.orderedList)}`, "Bulleted, numbered list (or type - or 1. and a space)"],
  [`${shortcut(BLOCK_SHORTCUTS.moveUp)}, ${shortcut(BLOCK_SHORTCUTS.moveDown)}`, "Move the block up, down"],
  [shortcut(BLOCK_SHORTCUTS.add), "Add a block after this one"],
  [shortcut(BLOCK_SHORTCUTS.delete), "Delete the block"],
  [shortcut(BLOCK_SHORTCUTS.toolbar), "Go to the toolbar (arrow keys move along it)"],
];

/** The toolbar's view of the editor: what is active where the cursor is. */
export function toolbarState(editor: Editor) {
  const { index } = topBlock(editor.state);
  return {
    kind: activeKind(editor.state),
    bold: editor.isActive("bold"),
    italic: editor.isActive("italic"),
    link: editor.isActive("link"),
    href: String(editor.getAttributes("link").href ?? ""),
    first: index === 0,
    last: index === editor.state.doc.childCount - 1,
  };
}

/** One toolbar button: pressed state, its shortcut (shown in the tooltip, given to aria-keyshortcuts) and roving focus. */
export function ToolButton({
  label,
  keys,
  pressed,
  disabled,
  onPress,
  children,
  name,
  active,
  onFocusButton,
}: {
  label: string;
  keys?: string;
  pressed?: boolean;
  disabled?: boolean;
  onPress: () => void;
  children: ReactNode;
  /** Roving tab stop: this button's key, and the key of the one that holds the stop. */
  name: string;
  active: string;
  onFocusButton: (name: string) => void;
}) {
  return (
    <button
      type="button"
      data-tool={name}
      tabIndex={active === name ? 0 : -1}
      aria-label={label}
      title={keys ? `${label} (${shortcut(keys)})` : label}
      aria-keyshortcuts={keys ? shortcut(keys, true) : undefined}
      aria-pressed={pressed}
      aria-disabled={disabled || undefined}
      onFocus={() => onFocusButton(name)}
      onClick={() => !disabled && onPress()}
      className={cn(
        "inline-flex size-9 items-center justify-center rounded-md text-foreground hover:bg-accent focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring [&_svg]:size-4",
        pressed && "bg-primary text-primary-foreground hover:bg-primary-hover",
        disabled && "opacity-50 hover:bg-transparent",
      )}
    >
      {children}
    </button>
  );
}

/** The editor's keyboard shortcuts, listed under it in a disclosure. */
export function ShortcutHelp() {
  return (
    <details className="text-sm text-muted-foreground">
      <summary className="cursor-pointer w-fit rounded-sm focus-visible:outline-2 focus-visible:outline-ring">Keyboard shortcuts</summary>
      <dl className="mt-2 grid gap-x-4 gap-y-1 sm:grid-cols-[auto_1fr]">
        {HELP.map(([keys, what]) => (
          <div key={keys} className="mb-1 sm:contents">
            <dt className="font-mono text-xs leading-5 text-foreground">{keys}</dt>
            <dd>{what}</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}
