/**
 * The one image field of the content studio (contract 3 in HELPERS.md; issue 8; spec section 5
 * "Image upload" and section 3 "Media: hero image (upload or URL)"). It renders a hidden
 * `<input name={name}>` whose value is the image's public URL, and offers three ways to set it:
 * upload a new image (alt text and focal point required/chosen on the way into the library),
 * choose one from the media library, or paste a URL. The preview shows 'Failed to load image'
 * when the URL cannot be shown. Without JavaScript the hidden input keeps `defaultValue`.
 */
import { ImageIcon, Link2, Trash2, Upload } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Spinner } from "~/components/ui/spinner";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import { formatBytes, isImageUrl, type MediaItem, PREVIEW_FAILED } from "../rules";
import { UploadPanel } from "./upload-panel";

export type ImagePickerProps = {
  /** The form field name; its value is the image URL ("" when none). */
  name: string;
  /** The visible label of the field. */
  label: string;
  defaultValue?: string | null;
  required?: boolean;
};

type Mode = "upload" | "library" | "url";

export function ImagePicker({ name, label, defaultValue, required }: ImagePickerProps) {
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
          {value && !failed ? (
            <img key={value} src={value} alt="Preview of the chosen image" className="size-full object-cover" onError={() => setFailed(true)} />
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

      <Dialog open={mode !== null} onOpenChange={(open) => !open && setMode(null)}>
        <DialogContent className="max-w-2xl">
          <DialogHeader>
            <DialogTitle>{label}</DialogTitle>
            <DialogDescription>Upload a new image, choose one from the media library, or paste an image URL.</DialogDescription>
          </DialogHeader>
          <Tabs value={mode ?? "upload"} onValueChange={(m) => setMode(m as Mode)}>
            <TabsList>
              <TabsTrigger value="upload">Upload</TabsTrigger>
              <TabsTrigger value="library">Library</TabsTrigger>
              <TabsTrigger value="url">URL</TabsTrigger>
            </TabsList>
            <TabsContent value="upload" className="pt-4">
              <UploadPanel onUploaded={(media) => choose(media.url)} />
            </TabsContent>
            <TabsContent value="library" className="pt-4">
              <LibraryGrid selected={value} onChoose={(media) => choose(media.url)} />
            </TabsContent>
            <TabsContent value="url" className="pt-4">
              <UrlForm initial={value} onChoose={choose} />
            </TabsContent>
          </Tabs>
        </DialogContent>
      </Dialog>
    </fieldset>
  );
}

function LibraryGrid({ selected, onChoose }: { selected: string; onChoose: (media: MediaItem) => void }) {
  const fetcher = useFetcher<{ items: MediaItem[] }>();
  const { load, state, data } = fetcher;
  useEffect(() => {
    if (state === "idle" && !data) void load("/admin/media");
  }, [load, state, data]);
  if (!data) return <Spinner label="Loading images..." showLabel />;
  if (data.items.length === 0) return <p className="text-sm text-muted-foreground">The library is empty: upload an image first.</p>;
  return (
    <ul className="grid max-h-[55dvh] grid-cols-2 gap-3 overflow-y-auto p-1 sm:grid-cols-3" aria-label="Library images">
      {data.items.map((item) => (
        <li key={item.id}>
          <button
            type="button"
            onClick={() => onChoose(item)}
            aria-pressed={item.url === selected}
            className="flex w-full flex-col overflow-hidden rounded-lg border text-left ring-offset-2 hover:border-primary focus-visible:ring-2 focus-visible:ring-ring aria-pressed:ring-2 aria-pressed:ring-primary"
          >
            <img
              src={item.thumbnailUrl}
              alt=""
              loading="lazy"
              className="aspect-[4/3] w-full bg-muted object-cover"
              style={{ objectPosition: `${item.focalX}% ${item.focalY}%` }}
            />
            <span className="line-clamp-2 px-2 pt-1.5 text-xs font-medium">{item.altText}</span>
            <span className="px-2 pb-1.5 text-[0.7rem] text-muted-foreground">
              {item.width} × {item.height} · {formatBytes(item.bytes)}
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
