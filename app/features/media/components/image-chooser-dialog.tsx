/**
 * The image chooser of the content studio: a dialog with three tabs, upload a new image (alt text
 * and focal point chosen on the way into the library), choose from the media library (one image,
 * or several with `multiple`), or paste an address. Used by `ImagePicker` and the article editor.
 */
import { useEffect, useId, useState } from "react";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Spinner } from "~/components/ui/spinner";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import { formatBytes, isImageUrl, type MediaItem } from "../rules";
import { UploadPanel } from "./upload-panel";

/** What the chooser gives back: the image's URL, and the library image when it is one. */
export type ImageChoice = { url: string; media?: MediaItem };

/** The chooser's tabs: upload a new image, pick from the library, or paste an address. */
export type ChooserMode = "upload" | "library" | "url";

/**
 * The chooser dialog of `ImagePicker` (and of the article editor's image block): Upload, Library
 * and, unless `allowUrl` is false, URL tabs. One image: an upload, a library click or a URL
 * chooses it at once. `multiple`: library images are toggled (an upload is added to the
 * selection and the Library tab shown with it) and "Add N images" gives them back in the order
 * chosen; a URL is given back alone. `selected` are the URLs the field holds already (shown pressed).
 */
export function ImageChooserDialog({
  open,
  onClose,
  title,
  description,
  initialMode = "upload",
  multiple = false,
  allowUrl = true,
  selected,
  onChoose,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  description?: string;
  initialMode?: ChooserMode;
  multiple?: boolean;
  allowUrl?: boolean;
  selected: readonly string[];
  onChoose: (choices: ImageChoice[]) => void;
}) {
  const [mode, setMode] = useState<ChooserMode>(initialMode);
  const [picked, setPicked] = useState<MediaItem[]>([]);
  // A new library read after an upload, so the new image is listed.
  const [libraryVersion, setLibraryVersion] = useState(0);
  useEffect(() => {
    if (open) {
      setMode(initialMode);
      setPicked([]);
    }
  }, [open, initialMode]);

  const toggle = (media: MediaItem) => setPicked((now) => (now.some((m) => m.id === media.id) ? now.filter((m) => m.id !== media.id) : [...now, media]));
  const uploaded = (media: MediaItem) => {
    if (!multiple) return onChoose([{ url: media.url, media }]);
    setPicked((now) => [...now, media]);
    setLibraryVersion((v) => v + 1);
    setMode("library");
  };
  const text =
    description ??
    (multiple
      ? "Select one or more images from the media library (upload new ones first), or add an image URL."
      : allowUrl
        ? "Upload a new image, choose one from the media library, or paste an image URL."
        : "Upload a new image or choose one from the media library.");

  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{text}</DialogDescription>
        </DialogHeader>
        <Tabs value={mode} onValueChange={(m) => setMode(m as ChooserMode)}>
          <TabsList>
            <TabsTrigger value="upload">Upload</TabsTrigger>
            <TabsTrigger value="library">Library</TabsTrigger>
            {allowUrl ? <TabsTrigger value="url">URL</TabsTrigger> : null}
          </TabsList>
          <TabsContent value="upload" className="pt-4">
            <UploadPanel onUploaded={uploaded} />
          </TabsContent>
          <TabsContent value="library" className="pt-4">
            <LibraryGrid
              key={libraryVersion}
              multiple={multiple}
              isPressed={(item) => (multiple ? picked.some((m) => m.id === item.id) : selected.includes(item.url))}
              isAdded={(item) => multiple && selected.includes(item.url)}
              onChoose={(media) => (multiple ? toggle(media) : onChoose([{ url: media.url, media }]))}
            />
          </TabsContent>
          {allowUrl ? (
            <TabsContent value="url" className="pt-4">
              <UrlForm initial={multiple ? "" : (selected[0] ?? "")} onChoose={(url) => onChoose([{ url }])} />
            </TabsContent>
          ) : null}
        </Tabs>
        {multiple && mode === "library" ? (
          <DialogFooter className="flex-row flex-wrap items-center justify-end gap-2">
            <p className="mr-auto text-sm whitespace-nowrap text-muted-foreground" aria-live="polite">
              {picked.length} selected
            </p>
            <Button type="button" variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="button" disabled={picked.length === 0} onClick={() => onChoose(picked.map((media) => ({ url: media.url, media })))}>
              {picked.length <= 1 ? "Add image" : `Add ${picked.length} images`}
            </Button>
          </DialogFooter>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function LibraryGrid({
  multiple,
  isPressed,
  isAdded,
  onChoose,
}: {
  multiple: boolean;
  isPressed: (media: MediaItem) => boolean;
  isAdded: (media: MediaItem) => boolean;
  onChoose: (media: MediaItem) => void;
}) {
  const fetcher = useFetcher<{ items: MediaItem[] }>();
  const { load, state, data } = fetcher;
  useEffect(() => {
    if (state === "idle" && !data) void load("/admin/media");
  }, [load, state, data]);
  if (!data) return <Spinner label="Loading images..." showLabel />;
  if (data.items.length === 0) return <p className="text-sm text-muted-foreground">The library is empty: upload an image first.</p>;
  return (
    <ul className="grid max-h-[40dvh] grid-cols-2 gap-3 overflow-y-auto p-1 sm:max-h-[55dvh] sm:grid-cols-3" aria-label={multiple ? "Library images (select several)" : "Library images"}>
      {data.items.map((item) => (
        <li key={item.id}>
          <button
            type="button"
            onClick={() => onChoose(item)}
            aria-pressed={isPressed(item)}
            className="relative flex w-full flex-col overflow-hidden rounded-lg border text-left ring-offset-2 hover:border-primary focus-visible:ring-2 focus-visible:ring-ring aria-pressed:ring-2 aria-pressed:ring-primary"
          >
            <img
              src={item.thumbnailUrl}
              alt=""
              loading="lazy"
              className="aspect-[4/3] w-full bg-muted object-cover"
              style={{ objectPosition: `${item.focalX}% ${item.focalY}%` }}
            />
            {isPressed(item) && multiple ? (
              <span aria-hidden className="absolute top-2 right-2 rounded-full bg-primary px-2 py-0.5 text-xs font-semibold text-primary-foreground">
                Selected
              </span>
            ) : null}
            <span className="line-clamp-2 px-2 pt-1.5 text-xs font-medium">{item.altText}</span>
            <span className="px-2 pb-1.5 text-[0.7rem] text-muted-foreground">
              {item.width} × {item.height} · {formatBytes(item.bytes)}
              {isAdded(item) ? " · already added" : ""}
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}

function UrlForm({ initial, onChoose }: { initial: string; onChoose: (url: string) => void }) {
  const id = useId();
  const [url, setUrl] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const submit = () => {
    const trimmed = url.trim();
    if (!isImageUrl(trimmed)) return setError("Enter a full image URL starting with https:// (or a site path starting with /).");
    onChoose(trimmed);
  };
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={`${id}-url`}>Image URL</Label>
      <Input
        id={`${id}-url`}
        type="url"
        inputMode="url"
        placeholder="https://example.com/photo.jpg"
        value={url}
        aria-invalid={error ? true : undefined}
        onChange={(e) => {
          setUrl(e.currentTarget.value);
          setError(null);
        }}
        onKeyDown={(e) => {
          if (e.key === "Enter") {
            e.preventDefault();
            submit();
          }
        }}
      />
      {error ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
      <Button type="button" onClick={submit} className="self-start">
        Use this URL
      </Button>
    </div>
  );
}
