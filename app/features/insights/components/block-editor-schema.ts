/**
 * The block editor's restricted Tiptap schema and block commands (ADR 0012). Only what
 * an article body can store (app/features/insights/editor-doc.ts maps it onto `InsightBlock[]`):
 * paragraph, heading 2 and 3, quote with an optional author, bulleted and numbered list (one
 * paragraph per item, no nesting), bold, italic, links limited to isSafeHref, and media library
 * images (an atom holding the image's id, alt text and caption; `src` is only the
 * editor's preview and is never stored). Anything else pasted in (other sites' images, code,
 * rules, h1, tables...) is dropped by the schema.
 *
 * Block commands act on the top-level block holding the cursor: change its kind, move it up or
 * down, delete it, add an empty paragraph after it. Admin only: import from the editor component.
 */
import { type Editor, Extension, InputRule, Node, type NodeViewRenderer } from "@tiptap/core";
import { Fragment, type Node as PMNode } from "@tiptap/pm/model";
import { type EditorState, Plugin, TextSelection, type Transaction } from "@tiptap/pm/state";
import { Decoration, DecorationSet } from "@tiptap/pm/view";
import { StarterKit } from "@tiptap/starter-kit";
import { isMediaId } from "~/features/media/rules";
import { isSafeHref } from "../blocks";

/** The kinds a block can be switched to from the toolbar. */
export type BlockKind = "paragraph" | "heading2" | "heading3" | "quote" | "bulletList" | "orderedList";

/** Placeholder of an empty quote author. */
export const AUTHOR_PLACEHOLDER = "Author (optional)";

/** A list item holds exactly one paragraph: items are flat, as stored. Tab leaves the editor. */
const ListItem = Node.create({
  name: "listItem",
  content: "paragraph",
  defining: true,
  parseHTML: () => [{ tag: "li" }],
  renderHTML: () => ["li", 0],
  addKeyboardShortcuts() {
    return { Enter: () => this.editor.commands.splitListItem(this.name), "Shift-Tab": () => this.editor.commands.liftListItem(this.name) };
  },
});

/** The text of a quote. */
const QuoteText = Node.create({
  name: "quoteText",
  content: "inline*",
  // Its own <blockquote> inside the editor's figure, or the first paragraph of a pasted <blockquote>.
  parseHTML: () => [
    { tag: "blockquote", context: "quote/" },
    { tag: "p", context: "quote/", priority: 60 },
  ],
  renderHTML: () => ["blockquote", 0],
});

/** The optional author of a quote: plain text, shown with a placeholder while empty. */
const QuoteAuthor = Node.create({
  name: "quoteAuthor",
  content: "text*",
  marks: "",
  parseHTML: () => [{ tag: "figcaption" }],
  renderHTML: () => ["figcaption", 0],
  addProseMirrorPlugins() {
    const type = this.name;
    return [
      new Plugin({
        props: {
          decorations: (state) => {
            const empty: Decoration[] = [];
            state.doc.descendants((node, pos) => {
              if (node.type.name === type && node.content.size === 0) empty.push(Decoration.node(pos, pos + node.nodeSize, { class: "is-empty", "data-placeholder": AUTHOR_PLACEHOLDER }));
              return node.isBlock && !node.isTextblock;
            });
            return DecorationSet.create(state.doc, empty);
          },
        },
      }),
    ];
  },
});

/**
 * A quote block: its text, then its author. Enter in the text moves to the author; Enter in the
 * author starts a paragraph after the quote; Backspace at the start of the text makes it a
 * paragraph again.
 */
const Quote = Node.create({
  name: "quote",
  group: "block",
  content: "quoteText quoteAuthor",
  defining: true,
  parseHTML: () => [{ tag: "figure[data-quote]" }, { tag: "blockquote" }],
  renderHTML: () => ["figure", { "data-quote": "" }, 0],
  addKeyboardShortcuts() {
    return {
      Enter: ({ editor }) => {
        const { $from, empty } = editor.state.selection;
        if (!empty || $from.depth !== 2 || $from.node(1).type.name !== this.name) return false;
        const tr = editor.state.tr;
        if ($from.parent.type.name === "quoteText") tr.setSelection(TextSelection.create(tr.doc, $from.after(2) + 1));
        else {
          const after = $from.after(1);
          tr.insert(after, editor.schema.nodes.paragraph.create()).setSelection(TextSelection.create(tr.doc, after + 1));
        }
        editor.view.dispatch(tr.scrollIntoView());
        return true;
      },
      Backspace: ({ editor }) => {
        const { $from, empty } = editor.state.selection;
        if (!empty || $from.depth !== 2 || $from.parentOffset !== 0 || $from.node(1).type.name !== this.name) return false;
        if ($from.parent.type.name === "quoteAuthor") {
          editor.view.dispatch(editor.state.tr.setSelection(TextSelection.create(editor.state.doc, $from.before(2) - 1)));
          return true;
        }
        return setBlockKind(editor, "paragraph");
      },
    };
  },
  addInputRules() {
    return [
      new InputRule({
        find: /^>\s$/,
        handler: ({ state, range }) => {
          const { $from } = state.selection;
          if ($from.depth !== 1 || $from.parent.type.name !== "paragraph") return null;
          const { tr } = state;
          tr.delete(range.from, range.to);
          replaceTopBlock(tr, tr.selection.from, "quote");
        },
      }),
    ];
  },
});

/**
 * An image block: a media library image (`mediaId`), its alt text and optional caption, edited
 * in the node view the editor component gives (`blockEditorExtensions`' `imageView`). Only
 * figures this editor wrote (a valid `data-media-id`) are parsed back from pasted HTML.
 */
const ImageBlock = Node.create({
  name: "image",
  group: "block",
  atom: true,
  selectable: true,
  draggable: false,
  addAttributes: () => ({
    mediaId: { default: "" },
    alt: { default: "" },
    caption: { default: "" },
    src: { default: "" },
  }),
  parseHTML: () => [
    {
      tag: "figure[data-media-id]",
      getAttrs: (dom) => {
        const id = (dom as HTMLElement).getAttribute("data-media-id");
        if (!isMediaId(id)) return false;
        return { mediaId: id, alt: (dom as HTMLElement).querySelector("img")?.getAttribute("alt") ?? "", caption: (dom as HTMLElement).querySelector("figcaption")?.textContent ?? "" };
      },
    },
  ],
  renderHTML: ({ node }) => ["figure", { "data-media-id": node.attrs.mediaId }, ["img", { src: node.attrs.src, alt: node.attrs.alt }], ["figcaption", {}, node.attrs.caption]],
});

/** The top-level block holding the selection's start: node, index in the document and position. */
export function topBlock(state: EditorState): { node: PMNode; index: number; pos: number } {
  const { $from } = state.selection;
  const index = Math.min($from.index(0), state.doc.childCount - 1);
  return { node: state.doc.child(index), index, pos: $from.posAtIndex(index, 0) };
}

/** The kind of the block holding the cursor, for the toolbar's pressed states. */
export function activeKind(state: EditorState): BlockKind {
  const { node } = topBlock(state);
  switch (node.type.name) {
    case "heading":
      return node.attrs.level === 3 ? "heading3" : "heading2";
    case "quote":
    case "bulletList":
    case "orderedList":
      return node.type.name;
    default:
      return "paragraph";
  }
}

/** The inline contents of a block's text parts, in order (list items one by one; quote text only). */
function textsOf(node: PMNode): PMNode[] {
  const texts: PMNode[] = [];
  node.descendants((child) => {
    if (child.isTextblock) {
      if (child.type.name !== "quoteAuthor") texts.push(child);
      return false;
    }
    return true;
  });
  return node.isTextblock ? [node] : texts;
}

/**
 * Replaces the top-level block at position `from` of `tr.doc` by the same text as `kind` (a list
 * becomes one block per item, several texts become one quote), keeping the cursor in that text.
 */
function replaceTopBlock(tr: Transaction, from: number, kind: BlockKind) {
  const schema = tr.doc.type.schema;
  const $from = tr.doc.resolve(from);
  const index = Math.min($from.index(0), tr.doc.childCount - 1);
  const block = tr.doc.child(index);
  const pos = $from.posAtIndex(index, 0);
  const texts = textsOf(block);
  // Which text holds the cursor, and where in it.
  let textIndex = 0;
  let offset = 0;
  texts.forEach((t, i) => {
    if ($from.parent === t) {
      textIndex = i;
      offset = $from.parentOffset;
    }
  });
  const p = (t: PMNode | undefined) => schema.nodes.paragraph.create(null, t?.content);
  let nodes: PMNode[];
  switch (kind) {
    case "paragraph":
      nodes = texts.map(p);
      break;
    case "heading2":
    case "heading3":
      nodes = texts.map((t) => schema.nodes.heading.create({ level: kind === "heading3" ? 3 : 2 }, t.content));
      break;
    case "quote": {
      let content = Fragment.empty;
      texts.forEach((t, i) => (content = content.append(i ? Fragment.from(schema.text(" ")).append(t.content) : t.content)));
      nodes = [schema.nodes.quote.create(null, [schema.nodes.quoteText.create(null, content), schema.nodes.quoteAuthor.create()])];
      textIndex = 0;
      break;
    }
    case "bulletList":
    case "orderedList":
      nodes = [schema.nodes[kind].create(null, (texts.length ? texts : [undefined]).map((t) => schema.nodes.listItem.create(null, p(t))))];
      break;
  }
  if (!nodes.length) nodes = [schema.nodes.paragraph.create()];
  tr.replaceWith(pos, pos + block.nodeSize, nodes);
  const starts: { pos: number; size: number }[] = [];
  tr.doc.nodesBetween(pos, pos + nodes.reduce((n, node) => n + node.nodeSize, 0), (node, at) => {
    if (node.isTextblock && node.type.name !== "quoteAuthor") starts.push({ pos: at + 1, size: node.content.size });
    return !node.isTextblock;
  });
  const target = starts[Math.min(textIndex, starts.length - 1)];
  tr.setSelection(TextSelection.create(tr.doc, target.pos + Math.min(offset, target.size))).scrollIntoView();
}

/** What the block commands act on: the Tiptap editor (or, in tests, a state and a dispatch). */
export type BlockTarget = { readonly state: EditorState; view: { dispatch: (tr: Transaction) => void } };

/**
 * Switches the block holding the cursor to `kind`; choosing the kind it already is (a heading
 * level, quote or list) turns it back into paragraphs. Returns whether anything changed.
 */
export function setBlockKind(editor: BlockTarget, kind: BlockKind): boolean {
  const { state } = editor;
  const current = activeKind(state);
  const target = current === kind && kind !== "paragraph" ? "paragraph" : kind;
  if (target === current) return false;
  const tr = state.tr;
  replaceTopBlock(tr, state.selection.from, target);
  editor.view.dispatch(tr);
  return true;
}

/**
 * Moves the block holding the cursor one place up (-1) or down (1), cursor kept inside it.
 * Returns false at the start or end of the article.
 */
export function moveBlock(editor: BlockTarget, direction: -1 | 1): boolean {
  const { state } = editor;
  const { node, index, pos } = topBlock(state);
  const otherIndex = index + direction;
  if (otherIndex < 0 || otherIndex >= state.doc.childCount) return false;
  const other = state.doc.child(otherIndex);
  const tr = state.tr;
  const shift = direction === -1 ? -other.nodeSize : other.nodeSize;
  if (direction === -1) tr.replaceWith(pos - other.nodeSize, pos + node.nodeSize, [node, other]);
  else tr.replaceWith(pos, pos + node.nodeSize + other.nodeSize, [other, node]);
  const { from, to } = state.selection;
  const inside = from > pos && to < pos + node.nodeSize;
  const selection = inside ? TextSelection.create(tr.doc, from + shift, to + shift) : TextSelection.near(tr.doc.resolve(pos + shift + 1));
  editor.view.dispatch(tr.setSelection(selection).scrollIntoView());
  return true;
}

/** Deletes the block holding the cursor (the last one becomes an empty paragraph); cursor to the next block. */
export function deleteBlock(editor: BlockTarget): boolean {
  const { state } = editor;
  const { node, pos } = topBlock(state);
  const tr = state.tr;
  if (state.doc.childCount === 1) tr.replaceWith(0, state.doc.content.size, state.schema.nodes.paragraph.create());
  else tr.delete(pos, pos + node.nodeSize);
  const at = Math.min(pos, tr.doc.content.size);
  editor.view.dispatch(tr.setSelection(TextSelection.near(tr.doc.resolve(at), at === tr.doc.content.size ? -1 : 1)).scrollIntoView());
  return true;
}

/** Adds an empty paragraph after the block holding the cursor and puts the cursor in it. */
export function addBlockAfter(editor: BlockTarget): boolean {
  const { state } = editor;
  const { node, pos } = topBlock(state);
  const at = pos + node.nodeSize;
  const tr = state.tr.insert(at, state.schema.nodes.paragraph.create());
  editor.view.dispatch(tr.setSelection(TextSelection.create(tr.doc, at + 1)).scrollIntoView());
  return true;
}

/** Keyboard shortcuts of the block commands, shown in the editor's help and on its buttons. */
export const BLOCK_SHORTCUTS = {
  paragraph: "Mod-Alt-0",
  heading2: "Mod-Alt-2",
  heading3: "Mod-Alt-3",
  quote: "Mod-Shift-b",
  bulletList: "Mod-Shift-8",
  orderedList: "Mod-Shift-7",
  moveUp: "Alt-ArrowUp",
  moveDown: "Alt-ArrowDown",
  delete: "Mod-Shift-Backspace",
  add: "Mod-Enter",
  link: "Mod-k",
  toolbar: "Alt-F10",
} as const;

/** What the editor component does for shortcuts that open its own controls or announce changes. */
export type BlockEditorHooks = { openLink: () => void; focusToolbar: () => void; announce: (message: string) => void };

/**
 * The whole editor schema: StarterKit with everything the article body cannot store switched
 * off, the flat list item, the quote, the image block (drawn by `options.imageView` when given),
 * and the block shortcuts (above Tiptap's own, priority 1000).
 */
export function blockEditorExtensions(hooks: BlockEditorHooks, options: { imageView?: NodeViewRenderer } = {}) {
  const kind = (k: BlockKind) => (props: { editor: Editor }) => setBlockKind(props.editor, k);
  const BlockShortcuts = Extension.create({
    name: "blockShortcuts",
    priority: 1000,
    addKeyboardShortcuts() {
      const s = BLOCK_SHORTCUTS;
      return {
        [s.paragraph]: kind("paragraph"),
        [s.heading2]: kind("heading2"),
        [s.heading3]: kind("heading3"),
        [s.quote]: kind("quote"),
        "Mod-Shift-B": kind("quote"),
        [s.bulletList]: kind("bulletList"),
        [s.orderedList]: kind("orderedList"),
        [s.moveUp]: ({ editor }) => moveBlock(editor, -1) && (hooks.announce("Block moved up."), true),
        [s.moveDown]: ({ editor }) => moveBlock(editor, 1) && (hooks.announce("Block moved down."), true),
        [s.delete]: ({ editor }) => deleteBlock(editor) && (hooks.announce("Block deleted."), true),
        [s.add]: ({ editor }) => addBlockAfter(editor) && (hooks.announce("Block added."), true),
        [s.link]: () => (hooks.openLink(), true),
        [s.toolbar]: () => (hooks.focusToolbar(), true),
      };
    },
  });
  return [
    StarterKit.configure({
      blockquote: false,
      code: false,
      codeBlock: false,
      hardBreak: false,
      horizontalRule: false,
      strike: false,
      underline: false,
      listItem: false,
      trailingNode: false,
      heading: { levels: [2, 3] },
      link: {
        openOnClick: false,
        // Without autolink the mark is not inclusive: text typed after a link is not part of it.
        autolink: false,
        linkOnPaste: true,
        defaultProtocol: "https",
        isAllowedUri: (url) => isSafeHref(url),
        HTMLAttributes: { rel: "noopener noreferrer", target: null },
      },
    }),
    ListItem,
    Quote,
    QuoteText,
    QuoteAuthor,
    options.imageView ? ImageBlock.extend({ addNodeView: () => options.imageView! }) : ImageBlock,
    BlockShortcuts,
  ];
}
