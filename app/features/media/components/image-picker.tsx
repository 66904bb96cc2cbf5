/**
 * The one image field of the content studio (a hero image
 * is uploaded or given as a URL); its chooser dialog is ./image-chooser-dialog.tsx.
 *
 * One image (the default): a hidden `<input name={name}>` whose value is the image's public URL,
 * set in three ways: upload a new image (alt text and focal point required/chosen on the way into
 * the library), choose one from the media library, or paste a URL. The preview shows 'Failed to
 * load image' when the URL cannot be shown. Without JavaScript the hidden input keeps `defaultValue`.
 *
 * Several images (`multiple`, a project gallery): one hidden `<input name={name}>` per
 * image, in order. The chooser selects several library images at once (an upload made there joins
 * the selection), or adds one pasted URL; each image can be moved up or down (buttons, announced)
 * and removed. URLs saved before stay as they are.
 */
import { ArrowDown, ArrowUp, ImageIcon, Link2, Plus, Trash2, Upload } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { Button } from "~/components/ui/button";
import { PREVIEW_FAILED } from "../rules";
import { type ChooserMode as Mode, ImageChooserDialog, type ImageChoice } from "./image-chooser-dialog";

type CommonProps = {
  /** The form field name; its value is the image URL ("" when none), repeated per image when `multiple`. */
  name: string;
  /** The visible label of the field. */
  label: string;
  required?: boolean;
};

/** One image (`defaultValue` a URL), or with `multiple` an ordered list of them (at most `max`, default 30). */
export type ImagePickerProps =
  | (CommonProps & { multiple?: false; defaultValue?: string | null })
  | (CommonProps & { multiple: true; defaultValue?: readonly string[] | null; max?: number });


export function ImagePicker(props: ImagePickerProps) {
  return props.multiple ? <ImageListField {...props} /> : <SingleImageField {...props} />;
}

function SingleImageField({ name, label, defaultValue, required }: Extract<ImagePickerProps, { multiple?: false }>) {
  const id = useId();
  const [value, setValue] = useState(defaultValue ?? "");
  const [failed, setFailed] = useState(false);
  const [mode, setMode] = useState<Mode | null>(null);

  const choose = (url: string) => {
    setValue(url);
    setFailed(false);
    setMode(null);
  };

  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={`${id}-status`}>
      <legend className="mb-1 text-sm font-medium">
        {label}
        {required ? <span className="text-destructive"> *</span> : null}
      </legend>
      <input type="hidden" name={name} value={value} />
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <div className="relative aspect-[16/10] w-full max-w-xs overflow-hidden rounded-lg border bg-muted">
          {value && !failed && isVideoAddress(value) ? (
            <video key={value} src={value} muted preload="metadata" aria-label="Preview of the chosen video" className="size-full object-contain" onError={() => setFailed(true)} />
          ) : value && !failed ? (
            <PreviewImage key={value} src={value} onFailed={() => setFailed(true)} />
          ) : (
            <div className="grid size-full place-items-center p-3 text-center text-sm text-muted-foreground">
              {value ? (
                <span role="alert">{PREVIEW_FAILED}</span>
              ) : (
                <span className="flex flex-col items-center gap-1">
                  <ImageIcon aria-hidden className="size-6" />
                  No image chosen
                </span>
              )}
            </div>
          )}
        </div>
        <div className="flex min-w-0 flex-col gap-2">
          <p id={`${id}-status`} className="text-xs break-all text-muted-foreground">
            {value ? value : "No image chosen"}
          </p>
          <div className="flex flex-wrap gap-2">
            <Button type="button" variant="outline" size="sm" onClick={() => setMode("upload")}>
              <Upload aria-hidden className="size-4" />
              Upload
            </Button>
            <Button type="button" variant="outline" size="sm" onClick={() => setMode("library")}>
              <ImageIcon aria-hidden className="size-4" />
              Choose from library
            </Button>
            <Button type="button" variant="outline" size="sm" onClick={() => setMode("url")}>
              <Link2 aria-hidden className="size-4" />
              Paste URL
            </Button>
            {value ? (
              <Button type="button" variant="ghost" size="sm" onClick={() => choose("")}>
                <Trash2 aria-hidden className="size-4" />
                Remove<span className="sr-only"> {label}</span>
              </Button>
            ) : null}
          </div>
        </div>
      </div>
      <ImageChooserDialog
        open={mode !== null}
        initialMode={mode ?? "upload"}
        onClose={() => setMode(null)}
        title={label}
        selected={value ? [value] : []}
        onChoose={([choice]) => choice && choose(choice.url)}
      />
    </fieldset>
  );
}

/** Whether `address` names a video file (an experience entry's media item may be a video): previewed as a video, not as a broken image. */
const isVideoAddress = (address: string) => /\.(?:mp4|webm|mov)(?:[?#]|$)/i.test(address);

/**
 * The chosen image's preview. It reports a failure only for its own address and only once the
 * browser has given up on it: an error of a server-rendered image that fired before hydration is
 * read from the element on mount, and an error event of an image that is no longer the one chosen
 * (a library image picked while the previous one was still loading) is ignored, so a chosen image
 * never shows "Failed to load image" while the one shown loads.
 */
function PreviewImage({ src, onFailed }: { src: string; onFailed: () => void }) {
  const ref = useRef<HTMLImageElement>(null);
  useEffect(() => {
    const img = ref.current;
    if (img && img.complete && img.naturalWidth === 0 && img.getAttribute("src") === src) onFailed();
    // Checked once per image: the parent gives each address its own element (`key`).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <img
      ref={ref}
      src={src}
      alt="Preview of the chosen image"
      className="size-full object-contain"
      onError={(event) => {
        if (event.currentTarget.getAttribute("src") === src) onFailed();
      }}
    />
  );
}

type ListItem = { url: string; thumbnail: string };

function ImageListField({ name, label, defaultValue, required, max = 30 }: Extract<ImagePickerProps, { multiple: true }>) {
  const id = useId();
  const [items, setItems] = useState<ListItem[]>(() => (defaultValue ?? []).map((url) => ({ url, thumbnail: url })));
  const [open, setOpen] = useState(false);
  const [status, setStatus] = useState("");
  const listRef = useRef<HTMLOListElement>(null);
  const [focusAfter, setFocusAfter] = useState<string | null>(null);

  useEffect(() => {
    if (!focusAfter) return;
    listRef.current?.querySelector<HTMLButtonElement>(focusAfter)?.focus();
    setFocusAfter(null);
  }, [focusAfter]);

  const add = (choices: ImageChoice[]) => {
    const known = new Set(items.map((i) => i.url));
    const fresh = choices.filter((c) => !known.has(c.url) && (known.add(c.url), true)).map((c) => ({ url: c.url, thumbnail: c.media?.thumbnailUrl ?? c.url }));
    const next = [...items, ...fresh].slice(0, max);
    setItems(next);
    setOpen(false);
    const added = next.length - items.length;
    setStatus(added === 0 ? "No new images added." : `${added} ${added === 1 ? "image" : "images"} added; ${next.length} in ${label}.`);
  };
  const move = (index: number, by: -1 | 1) => {
    const to = index + by;
    if (to < 0 || to >= items.length) return;
    const next = [...items];
    [next[index], next[to]] = [next[to]!, next[index]!];
    setItems(next);
    setStatus(`Image moved ${by < 0 ? "up" : "down"}: now ${to + 1} of ${next.length}.`);
    // Keep focus on the same button of the moved image, or its other move button at either end.
    const edge = (by < 0 && to === 0) || (by > 0 && to === next.length - 1);
    setFocusAfter(`[data-row="${to}"] [data-move="${edge ? -by : by}"]`);
  };
  const remove = (index: number) => {
    const next = items.filter((_, i) => i !== index);
    setItems(next);
    setStatus(`Image ${index + 1} removed; ${next.length} in ${label}.`);
    setFocusAfter(next.length ? `[data-row="${Math.min(index, next.length - 1)}"] [data-remove]` : null);
  };

  return (
    <fieldset className="flex min-w-0 flex-col gap-2" aria-describedby={`${id}-count`}>
      <legend className="mb-1 text-sm font-medium">
        {label}
        {required ? <span className="text-destructive"> *</span> : null}
      </legend>
      {items.map((item) => (
        <input key={item.url} type="hidden" name={name} value={item.url} />
      ))}
      <p id={`${id}-count`} className="text-xs text-muted-foreground">
        {items.length === 0 ? "No images yet." : `${items.length} ${items.length === 1 ? "image" : "images"}, shown in this order.`}
      </p>
      {items.length ? (
        <ol ref={listRef} aria-label={label} className="flex flex-col gap-2">
          {items.map((item, i) => (
            <li key={item.url} data-row={i} className="flex min-w-0 items-center gap-3 rounded-lg border bg-background p-2">
              <span aria-hidden className="w-6 shrink-0 text-center text-sm font-semibold tabular-nums text-muted-foreground">
                {i + 1}
              </span>
              <img src={item.thumbnail} alt="" loading="lazy" className="aspect-[4/3] w-16 shrink-0 rounded bg-muted object-cover sm:w-24" />
              <span className="hidden min-w-0 flex-1 truncate text-xs text-muted-foreground sm:block" title={item.url}>
                {item.url}
              </span>
              <span className="ml-auto flex shrink-0 gap-1">
                <Button type="button" variant="ghost" size="icon" data-move="-1" aria-label={`Move image ${i + 1} up`} disabled={i === 0} onClick={() => move(i, -1)}>
                  <ArrowUp aria-hidden className="size-4" />
                </Button>
                <Button type="button" variant="ghost" size="icon" data-move="1" aria-label={`Move image ${i + 1} down`} disabled={i === items.length - 1} onClick={() => move(i, 1)}>
                  <ArrowDown aria-hidden className="size-4" />
                </Button>
                <Button type="button" variant="ghost" size="icon" data-remove="" aria-label={`Remove image ${i + 1}`} onClick={() => remove(i)}>
                  <Trash2 aria-hidden className="size-4" />
                </Button>
              </span>
            </li>
          ))}
        </ol>
      ) : null}
      <Button type="button" variant="outline" size="sm" className="self-start" disabled={items.length >= max} onClick={() => setOpen(true)}>
        <Plus aria-hidden className="size-4" />
        Add images
      </Button>
      <p className="sr-only" aria-live="polite">
        {status}
      </p>
      <ImageChooserDialog open={open} initialMode="library" onClose={() => setOpen(false)} title={label} multiple selected={items.map((i) => i.url)} onChoose={add} />
    </fieldset>
  );
}
