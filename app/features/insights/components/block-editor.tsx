/**
 * The article body editor of the blog forms (ADR 0012): Tiptap
 * with the restricted schema of block-editor-schema.ts. It posts the body as `InsightBlock[]`
 * JSON in a hidden input (`name`, default "content") that the form's unsaved-changes guard reads
 * like any field; the server validates it with InsightBlocksSchema.
 *
 * Keyboard: the toolbar is one Tab stop (arrow keys move along it; Alt+F10 reaches it from the
 * text); every action has a shortcut (BLOCK_SHORTCUTS, listed under the editor) and Markdown
 * input rules work ("## ", "### ", "> ", "- ", "1. ", **bold**, *italic*). Block moves and
 * deletions are announced to screen readers. The Image button adds a media library
 * image (chosen or uploaded in ImagePicker's chooser) after the current block, its alt text
 * prefilled from the library and its caption empty, both edited in the block.
 *
 * Server rendering and the first client render show the body read-only (ArticleBlocks); Tiptap
 * mounts after hydration. Admin only: public pages must never import this module.
 */
import { type Editor, EditorContent, ReactNodeViewRenderer, useEditor, useEditorState } from "@tiptap/react";
import { ArrowDown, ArrowUp, Bold, ImagePlus, Italic, Link2, Plus, Trash2 } from "lucide-react";
import { type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import type { InsightBlock } from "~/db/schema";
import { cn } from "~/utils/cn";
import { ImageChooserDialog } from "~/features/media/components/image-chooser-dialog";
import type { MediaItem } from "~/features/media/rules";
import { isSafeHref } from "../blocks";
import { blocksToDoc, docToBlocks } from "../editor-doc";
import { type ArticleImages, ArticleBlocks } from "./article-blocks";
import { ArticleImageView } from "./article-image-view";
import { addBlockAfter, BLOCK_SHORTCUTS, blockEditorExtensions, deleteBlock, moveBlock, setBlockKind, topBlock } from "./block-editor-schema";
import { BLOCK_BUTTONS, ShortcutHelp, shortcut, ToolButton, toolbarState } from "./block-editor-toolbar";

const LINK_ERROR = "Enter an address starting with http://, https:// or mailto: (no spaces).";

/**
 * The block editor. `defaultValue` is the stored body (null or [] for a new article); `errors`
 * are the server's messages for the field; `onChange` receives the body after every edit (for
 * a computed reading time); `images` resolves the body's image blocks by media id (their previews);
 * `allowImages={false}` leaves out the Image tool (documents of text only). Re-seed it (a restored revision) by changing its `key`.
 */
export function BlockEditor({
  defaultValue,
  name = "content",
  label = "Article body",
  errors,
  onChange,
  images = {},
  allowImages = true,
}: {
  defaultValue?: readonly InsightBlock[] | null;
  name?: string;
  label?: string;
  errors?: string[];
  onChange?: (blocks: InsightBlock[]) => void;
  images?: ArticleImages;
  allowImages?: boolean;
}) {
  const id = useId();
  const ids = { label: `${id}-label`, body: `${id}-body`, help: `${id}-help`, errors: `${id}-errors`, link: `${id}-link`, linkError: `${id}-link-error` };
  const [value, setValue] = useState(() => JSON.stringify(defaultValue ?? []));
  const [status, setStatus] = useState("");
  const [linkOpen, setLinkOpen] = useState(false);
  const [linkDraft, setLinkDraft] = useState("");
  const [linkError, setLinkError] = useState<string | null>(null);
  const [imageOpen, setImageOpen] = useState(false);
  const [activeTool, setActiveTool] = useState("paragraph");
  const toolbarRef = useRef<HTMLDivElement>(null);
  const linkInputRef = useRef<HTMLInputElement>(null);
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);
  // Shortcut handlers reach the latest component state through this ref.
  const hooks = useRef({ openLink: () => {}, focusToolbar: () => {}, announce: (_message: string) => {} });

  // Created once: useEditor compares options by identity and would otherwise update them each render.
  const [extensions] = useState(() =>
    blockEditorExtensions(
      {
        openLink: () => hooks.current.openLink(),
        focusToolbar: () => hooks.current.focusToolbar(),
        announce: (message) => hooks.current.announce(message),
      },
      { imageView: ReactNodeViewRenderer(ArticleImageView) },
    ),
  );
  const [initialDoc] = useState(() => blocksToDoc(defaultValue, Object.fromEntries(Object.entries(images).map(([id, image]) => [id, image.src]))));

  const editor = useEditor({
    immediatelyRender: false,
    shouldRerenderOnTransaction: false,
    extensions,
    content: initialDoc,
    // Recomputed each render (useEditor passes them on), so aria-invalid follows the errors.
    editorProps: {
      attributes: {
        id: ids.body,
        role: "textbox",
        "aria-multiline": "true",
        "aria-labelledby": ids.label,
        "aria-describedby": [errors?.length ? ids.errors : "", ids.help].filter(Boolean).join(" "),
        ...(errors?.length ? { "aria-invalid": "true" } : {}),
        class: cn(
          "min-h-72 px-4 py-3 text-base leading-7 text-slate-800 focus:outline-none",
          "[&_p]:my-2 [&_h2]:mt-5 [&_h2]:mb-2 [&_h2]:text-2xl [&_h2]:font-bold [&_h3]:mt-4 [&_h3]:mb-2 [&_h3]:text-xl [&_h3]:font-semibold",
          "[&_ul]:my-2 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:my-2 [&_ol]:list-decimal [&_ol]:pl-6 [&_li_p]:my-0.5",
          "[&_figure]:my-3 [&_figure]:rounded-r-lg [&_figure]:border-l-4 [&_figure]:border-primary [&_figure]:bg-accent [&_figure]:px-4 [&_figure]:py-2",
          "[&_blockquote]:text-lg [&_blockquote]:italic [&_figcaption]:mt-1 [&_figcaption]:text-sm [&_figcaption]:font-semibold [&_figcaption]:text-primary",
          "[&_figcaption.is-empty]:before:pointer-events-none [&_figcaption.is-empty]:before:font-normal [&_figcaption.is-empty]:before:text-slate-500 [&_figcaption.is-empty]:before:content-[attr(data-placeholder)]",
          "[&_a]:font-medium [&_a]:text-primary [&_a]:underline [&_a]:underline-offset-4",
        ),
      },
    },
    onUpdate: ({ editor }) => {
      const blocks = docToBlocks(editor.getJSON());
      setValue(JSON.stringify(blocks));
      onChangeRef.current?.(blocks);
    },
  });

  const state = useEditorState({ editor, selector: ({ editor }) => (editor ? toolbarState(editor) : null) });

  const focusTool = (name: string) => toolbarRef.current?.querySelector<HTMLButtonElement>(`[data-tool="${name}"]`)?.focus();
  const openLink = () => {
    if (!editor) return;
    setLinkDraft(String(editor.getAttributes("link").href ?? ""));
    setLinkError(null);
    setLinkOpen(true);
  };
  useEffect(() => {
    hooks.current = { openLink, focusToolbar: () => focusTool(activeTool), announce: (message: string) => setStatus(message) };
  });
  useEffect(() => {
    if (linkOpen) linkInputRef.current?.focus();
  }, [linkOpen]);

  const closeLink = () => {
    setLinkOpen(false);
    setLinkError(null);
    editor?.commands.focus();
  };
  const applyLink = () => {
    if (!editor) return;
    const href = linkDraft.trim();
    if (!isSafeHref(href)) {
      setLinkError(LINK_ERROR);
      linkInputRef.current?.focus();
      return;
    }
    const chain = editor.chain().focus();
    if (editor.state.selection.empty && !editor.isActive("link")) chain.insertContent({ type: "text", text: href, marks: [{ type: "link", attrs: { href } }] }).run();
    else chain.extendMarkRange("link").setLink({ href }).run();
    setLinkOpen(false);
    setLinkError(null);
  };
  const removeLink = () => {
    editor?.chain().focus().extendMarkRange("link").unsetLink().run();
    setLinkOpen(false);
  };

  /** Adds the chosen library image after the block holding the cursor (and a paragraph after it at the end). */
  const addImage = (media: MediaItem) => {
    setImageOpen(false);
    if (!editor) return;
    const { node, pos, index } = topBlock(editor.state);
    const at = pos + node.nodeSize;
    const image = { type: "image", attrs: { mediaId: media.id, alt: media.altText, caption: "", src: media.thumbnailUrl } };
    const last = index === editor.state.doc.childCount - 1;
    editor.chain().insertContentAt(at, last ? [image, { type: "paragraph" }] : [image]).run();
    setStatus("Image added. Check its alt text; a caption is optional.");
  };

  // Move and delete leave focus on their button, so it can be pressed again; the editor keeps its selection.
  const blockAction = (run: (editor: Editor) => boolean, message: string) => () => {
    if (editor && run(editor)) setStatus(message);
  };

  const onToolbarKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const buttons = [...(toolbarRef.current?.querySelectorAll<HTMLButtonElement>("[data-tool]") ?? [])];
    const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
    if (at < 0) return;
    const next = e.key === "ArrowRight" ? at + 1 : e.key === "ArrowLeft" ? at - 1 : e.key === "Home" ? 0 : e.key === "End" ? buttons.length - 1 : null;
    if (next === null) {
      if (e.key === "Escape") editor?.commands.focus();
      return;
    }
    e.preventDefault();
    buttons[(next + buttons.length) % buttons.length].focus();
  };

  const tool = { active: activeTool, onFocusButton: setActiveTool };
  const separator = <span aria-hidden className="mx-1 h-6 w-px bg-border" />;

  return (
    <div className="flex flex-col gap-2">
      <Label id={ids.label} onClick={() => editor?.commands.focus()}>
        {label}
      </Label>
      <input type="hidden" name={name} value={value} />
      <div className={cn("rounded-md border border-input bg-background focus-within:ring-2 focus-within:ring-ring/40", errors?.length && "border-destructive")}>
        <div
          ref={toolbarRef}
          role="toolbar"
          aria-label={`${label} formatting`}
          aria-controls={ids.body}
          onKeyDown={onToolbarKeyDown}
          className="flex flex-wrap items-center gap-0.5 border-b border-input p-1.5"
        >
          {BLOCK_BUTTONS.map((b) => (
            <ToolButton
              key={b.kind}
              name={b.kind}
              label={b.label}
              keys={BLOCK_SHORTCUTS[b.kind]}
              pressed={state?.kind === b.kind}
              disabled={!editor}
              onPress={() => {
                if (!editor) return;
                setBlockKind(editor, b.kind);
                editor.commands.focus();
              }}
              {...tool}
            >
              {b.icon}
            </ToolButton>
          ))}
          {separator}
          <ToolButton name="bold" label="Bold" keys="Mod-b" pressed={state?.bold ?? false} disabled={!editor} onPress={() => editor?.chain().focus().toggleBold().run()} {...tool}>
            <Bold aria-hidden />
          </ToolButton>
          <ToolButton name="italic" label="Italic" keys="Mod-i" pressed={state?.italic ?? false} disabled={!editor} onPress={() => editor?.chain().focus().toggleItalic().run()} {...tool}>
            <Italic aria-hidden />
          </ToolButton>
          <ToolButton name="link" label="Link" keys={BLOCK_SHORTCUTS.link} pressed={state?.link ?? false} disabled={!editor} onPress={openLink} {...tool}>
            <Link2 aria-hidden />
          </ToolButton>
          {allowImages ? (
            <ToolButton name="image" label="Image" disabled={!editor} onPress={() => setImageOpen(true)} {...tool}>
              <ImagePlus aria-hidden />
            </ToolButton>
          ) : null}
          {separator}
          <ToolButton name="add" label="Add block after" keys={BLOCK_SHORTCUTS.add} disabled={!editor} onPress={() => editor && addBlockAfter(editor) && (setStatus("Block added."), editor.commands.focus())} {...tool}>
            <Plus aria-hidden />
          </ToolButton>
          <ToolButton name="up" label="Move block up" keys={BLOCK_SHORTCUTS.moveUp} disabled={!editor || state?.first} onPress={blockAction((e) => moveBlock(e, -1), "Block moved up.")} {...tool}>
            <ArrowUp aria-hidden />
          </ToolButton>
          <ToolButton name="down" label="Move block down" keys={BLOCK_SHORTCUTS.moveDown} disabled={!editor || state?.last} onPress={blockAction((e) => moveBlock(e, 1), "Block moved down.")} {...tool}>
            <ArrowDown aria-hidden />
          </ToolButton>
          <ToolButton name="delete" label="Delete block" keys={BLOCK_SHORTCUTS.delete} disabled={!editor} onPress={blockAction(deleteBlock, "Block deleted.")} {...tool}>
            <Trash2 aria-hidden />
          </ToolButton>
        </div>
        {linkOpen ? (
          <div className="flex flex-wrap items-end gap-2 border-b border-input bg-muted/40 p-2">
            <div className="flex min-w-56 flex-1 flex-col gap-1">
              <Label htmlFor={ids.link}>Link address</Label>
              <Input
                ref={linkInputRef}
                id={ids.link}
                value={linkDraft}
                placeholder="https://"
                autoComplete="off"
                aria-invalid={linkError ? true : undefined}
                aria-describedby={linkError ? ids.linkError : undefined}
                onChange={(e) => setLinkDraft(e.target.value)}
                onKeyDown={(e) => {
                  if (e.key === "Enter") {
                    e.preventDefault();
                    applyLink();
                  } else if (e.key === "Escape") {
                    e.preventDefault();
                    closeLink();
                  }
                }}
              />
            </div>
            <Button type="button" size="sm" onClick={applyLink}>
              Apply link
            </Button>
            {state?.link ? (
              <Button type="button" size="sm" variant="outline" onClick={removeLink}>
                Remove link
              </Button>
            ) : null}
            <Button type="button" size="sm" variant="ghost" onClick={closeLink}>
              Cancel
            </Button>
            {linkError ? (
              <p id={ids.linkError} role="alert" className="basis-full text-sm text-destructive">
                {linkError}
              </p>
            ) : null}
          </div>
        ) : null}
        {editor ? (
          <EditorContent editor={editor} />
        ) : (
          <div className="min-h-72 px-4 py-3" aria-busy="true">
            <ArticleBlocks blocks={defaultValue ?? []} images={images} />
          </div>
        )}
      </div>
      <ImageChooserDialog
        open={imageOpen}
        onClose={() => setImageOpen(false)}
        title="Add an image"
        initialMode="library"
        allowUrl={false}
        selected={[]}
        onChoose={([choice]) => choice?.media && addImage(choice.media)}
      />
      <p className="sr-only" aria-live="polite">
        {status}
      </p>
      {errors?.length ? (
        <p id={ids.errors} role="alert" className="text-sm text-destructive">
          {errors.join(" ")}
        </p>
      ) : null}
      <p id={ids.help} className="sr-only">
        {`${shortcut(BLOCK_SHORTCUTS.toolbar)} goes to the formatting toolbar; keyboard shortcuts are listed after the editor.`}
      </p>
      <ShortcutHelp />
    </div>
  );
}
