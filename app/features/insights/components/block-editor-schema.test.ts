import { getSchema } from "@tiptap/core";
import { Node } from "@tiptap/pm/model";
import { EditorState, TextSelection } from "@tiptap/pm/state";
import { describe, expect, it } from "vitest";
import type { InsightBlock } from "~/db/schema";
import { blocksToDoc, docToBlocks } from "../editor-doc";
import { activeKind, addBlockAfter, type BlockKind, blockEditorExtensions, type BlockTarget, deleteBlock, moveBlock, setBlockKind } from "./block-editor-schema";

const schema = getSchema(blockEditorExtensions({ openLink: () => {}, focusToolbar: () => {}, announce: () => {} }));

/** An editor stand-in holding `blocks`, the cursor `offset` characters into the text of block `index`. */
function editorWith(blocks: InsightBlock[], index: number, offset = 0) {
  const doc = Node.fromJSON(schema, blocksToDoc(blocks));
  let pos = 0;
  for (let i = 0; i < index; i++) pos += doc.child(i).nodeSize;
  let textStart = -1;
  doc.nodesBetween(pos, pos + doc.child(index).nodeSize, (node, at) => {
    if (textStart < 0 && node.isTextblock) textStart = at + 1;
    return textStart < 0;
  });
  const target: BlockTarget & { state: EditorState } = {
    state: EditorState.create({ schema, doc, selection: TextSelection.create(doc, textStart + offset) }),
    view: { dispatch: (tr) => (target.state = target.state.apply(tr)) },
  };
  return { target, blocks: () => docToBlocks(target.state.doc.toJSON()), kind: () => activeKind(target.state) };
}

const body: InsightBlock[] = [
  { type: "heading", level: 2, content: "Title" },
  { type: "paragraph", content: [{ text: "Some " }, { text: "bold", bold: true }] },
  { type: "list", items: ["one", "two"] },
];

describe("block commands", () => {
  it("move the block holding the cursor up and down, and refuse past either end", () => {
    const e = editorWith(body, 1, 2);
    expect(moveBlock(e.target, -1)).toBe(true);
    expect(e.blocks().map((b) => b.type)).toEqual(["paragraph", "heading", "list"]);
    expect(moveBlock(e.target, -1)).toBe(false);
    expect(moveBlock(e.target, 1)).toBe(true);
    expect(moveBlock(e.target, 1)).toBe(true);
    expect(e.blocks()).toEqual([body[0], body[2], body[1]]);
    expect(moveBlock(e.target, 1)).toBe(false);
    // The cursor stayed in the moved text: typing lands there.
    e.target.view.dispatch(e.target.state.tr.insertText("X"));
    expect(e.blocks()[2]).toEqual({ type: "paragraph", content: [{ text: "SoXme " }, { text: "bold", bold: true }] });
  });

  it("delete the block holding the cursor; the last one leaves an empty body", () => {
    const e = editorWith(body, 0);
    deleteBlock(e.target);
    expect(e.blocks()).toEqual([body[1], body[2]]);
    deleteBlock(e.target);
    deleteBlock(e.target);
    expect(e.blocks()).toEqual([]);
    expect(e.target.state.doc.toJSON()).toEqual({ type: "doc", content: [{ type: "paragraph" }] });
  });

  it("add an empty paragraph after the block and put the cursor in it", () => {
    const e = editorWith(body, 0);
    addBlockAfter(e.target);
    e.target.view.dispatch(e.target.state.tr.insertText("New"));
    expect(e.blocks()).toEqual([body[0], { type: "paragraph", content: "New" }, body[1], body[2]]);
  });

  it("switch a block's kind keeping its text and marks; the same kind again turns it back", () => {
    const e = editorWith(body, 1, 3);
    const kinds: [BlockKind, InsightBlock][] = [
      ["heading3", { type: "heading", level: 3, content: [{ text: "Some " }, { text: "bold", bold: true }] }],
      ["quote", { type: "quote", content: [{ text: "Some " }, { text: "bold", bold: true }] }],
      ["orderedList", { type: "list", items: [[{ text: "Some " }, { text: "bold", bold: true }]], ordered: true }],
      ["bulletList", { type: "list", items: [[{ text: "Some " }, { text: "bold", bold: true }]] }],
      ["bulletList", { type: "paragraph", content: [{ text: "Some " }, { text: "bold", bold: true }] }],
    ];
    for (const [kind, expected] of kinds) {
      expect(setBlockKind(e.target, kind)).toBe(true);
      expect(e.blocks()[1]).toEqual(expected);
    }
    expect(e.kind()).toBe("paragraph");
    expect(setBlockKind(e.target, "paragraph")).toBe(false);
  });

  it("turn a list into one block per item, and several items into one quote", () => {
    const e = editorWith(body, 2, 1);
    setBlockKind(e.target, "heading2");
    expect(e.blocks().slice(2)).toEqual([
      { type: "heading", level: 2, content: "one" },
      { type: "heading", level: 2, content: "two" },
    ]);
    const q = editorWith(body, 2);
    setBlockKind(q.target, "quote");
    expect(q.blocks()[2]).toEqual({ type: "quote", content: "one two" });
  });

  it("drop a quote's author when the quote becomes another kind", () => {
    const e = editorWith([{ type: "quote", content: "Said", author: "Ann" }], 0);
    expect(e.kind()).toBe("quote");
    setBlockKind(e.target, "quote");
    expect(e.blocks()).toEqual([{ type: "paragraph", content: "Said" }]);
  });
});
