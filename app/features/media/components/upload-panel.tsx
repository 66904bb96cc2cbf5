/**
 * Choosing and uploading one image:
 * the browser checks the type and the 5 MB limit first ('Please select an image file', 'Image must
 * be smaller than 5MB'; hint 'PNG, JPG or WEBP'), then shows a preview on which the focal point is
 * chosen, asks for the alt text (required), and uploads. Used by the media library and `ImagePicker`.
 */
import { Upload } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { Button } from "~/components/ui/button";
import { Input, Textarea } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { checkImageFile, type MediaItem, PREVIEW_FAILED, UPLOAD_ACCEPT, UPLOAD_HINT, UPLOAD_MESSAGES } from "../rules";
import { FocalPointPicker, type FocalPoint } from "./focal-point-picker";
import { uploadImage } from "./upload-image";

export function UploadPanel({ onUploaded }: { onUploaded: (media: MediaItem) => void }) {
  const id = useId();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [previewFailed, setPreviewFailed] = useState(false);
  const [fileError, setFileError] = useState<string | null>(null);
  const [alt, setAlt] = useState("");
  const [altError, setAltError] = useState<string | null>(null);
  const [focal, setFocal] = useState<FocalPoint>({ x: 50, y: 50 });
  const [busy, setBusy] = useState(false);

  useEffect(() => () => {
    if (preview) URL.revokeObjectURL(preview);
  }, [preview]);

  const choose = (chosen: File | null) => {
    setFile(null);
    setPreview(null);
    setPreviewFailed(false);
    setFocal({ x: 50, y: 50 });
    if (!chosen) return setFileError(null);
    const problem = checkImageFile(chosen);
    setFileError(problem);
    if (problem) return;
    setFile(chosen);
    setPreview(URL.createObjectURL(chosen));
  };

  const submit = async () => {
    if (!file) return setFileError(UPLOAD_MESSAGES.notImage);
    if (!alt.trim()) return setAltError(UPLOAD_MESSAGES.altRequired);
    setBusy(true);
    const result = await uploadImage({ file, alt: alt.trim(), focalX: focal.x, focalY: focal.y });
    setBusy(false);
    if ("media" in result) {
      choose(null);
      setAlt("");
      onUploaded(result.media);
    }
  };

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${id}-file`}>Image file</Label>
        <Input
          id={`${id}-file`}
          type="file"
          accept={UPLOAD_ACCEPT}
          aria-describedby={`${id}-hint${fileError ? ` ${id}-file-error` : ""}`}
          aria-invalid={fileError ? true : undefined}
          onChange={(event) => choose(event.currentTarget.files?.[0] ?? null)}
        />
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {UPLOAD_HINT} (max. 5MB)
        </p>
        {fileError ? (
          <p id={`${id}-file-error`} role="alert" className="text-sm font-medium text-destructive">
            {fileError}
          </p>
        ) : null}
      </div>
      {preview ? (
        previewFailed ? (
          <p role="alert" className="grid h-40 place-items-center rounded-lg bg-muted text-sm text-muted-foreground">
            {PREVIEW_FAILED}
          </p>
        ) : (
          <FocalPointPicker src={preview} value={focal} onChange={setFocal} onImageError={() => setPreviewFailed(true)} />
        )
      ) : null}
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${id}-alt`}>Alt text (required)</Label>
        <Textarea
          id={`${id}-alt`}
          rows={2}
          value={alt}
          maxLength={300}
          aria-invalid={altError ? true : undefined}
          aria-describedby={altError ? `${id}-alt-error` : `${id}-alt-help`}
          onChange={(event) => {
            setAlt(event.currentTarget.value);
            if (altError) setAltError(null);
          }}
        />
        {altError ? (
          <p id={`${id}-alt-error`} role="alert" className="text-sm font-medium text-destructive">
            {altError}
          </p>
        ) : (
          <p id={`${id}-alt-help`} className="text-xs text-muted-foreground">
            What the picture shows, for people who cannot see it.
          </p>
        )}
      </div>
      <Button type="button" onClick={submit} disabled={busy || !file} className="self-start">
        <Upload aria-hidden className="size-4" />
        {busy ? "Uploading..." : "Upload image"}
      </Button>
    </div>
  );
}
