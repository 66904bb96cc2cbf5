/**
 * The media library screen (`/admin/media`, every staff role): a grid of
 * every image with its alt text, size and dimensions; upload with required alt text and a focal
 * point; edit alt text and focal point; delete after confirmation, refused with the places an image
 * is still used; search by alt text or file name and a filter for unused images.
 */
import { ImageIcon, Pencil, Trash2, Upload } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { useFetcher, useRevalidator } from "react-router";
import { AlertDialogAction } from "~/components/ui/alert-dialog";
import { ConfirmDialog } from "~/components/confirm-dialog";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { Textarea } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { toast } from "~/components/ui/toast";
import { AdminPageHeader } from "~/components/admin-page-header";
import { formatBytes, type MediaItem, UPLOAD_MESSAGES } from "../rules";
import { FocalPointPicker } from "./focal-point-picker";
import { type MediaFilters, MediaFilterBar } from "./media-filter-bar";
import { UploadPanel } from "./upload-panel";
import type { ActionReply } from "~/utils/forms";

/** The answer of the library's row actions. */
export type MediaActionResult = ActionReply<{ intent: "update" | "delete"; message: string }, { intent: "update" | "delete" }>;

export function MediaLibraryScreen({ items, filters }: { items: MediaItem[]; filters: MediaFilters }) {
  const [uploading, setUploading] = useState(false);
  const [editing, setEditing] = useState<MediaItem | null>(null);
  const [deleting, setDeleting] = useState<MediaItem | null>(null);
  const revalidator = useRevalidator();
  const filtered = Boolean(filters.q) || filters.show !== "all";

  return (
    <div>
      <AdminPageHeader
        title="Media Library"
        description="Every image used on projects and articles. Alt text is required; the focal point stays in view when an image is cropped."
        actions={
          <Button type="button" onClick={() => setUploading(true)}>
            <Upload aria-hidden className="size-4" />
            Upload image
          </Button>
        }
      />
      <MediaFilterBar filters={filters} />
      {filtered ? (
        <p className="mb-3 text-sm text-muted-foreground" role="status">
          {items.length} {items.length === 1 ? "image" : "images"}
          {filters.show === "unused" ? " not used by any project or article" : ""}
          {filters.q ? <> matching &ldquo;{filters.q}&rdquo;</> : null}
        </p>
      ) : null}
      {items.length === 0 ? (
        <div className="grid place-items-center gap-3 rounded-xl border border-dashed p-12 text-center text-muted-foreground">
          <ImageIcon aria-hidden className="size-10" />
          <p>{filtered ? "No images match. Try another search or show all images." : "No images yet. Upload the first one."}</p>
        </div>
      ) : (
        <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4" aria-label="Images">
          {items.map((item) => (
            <li key={item.id} className="flex flex-col overflow-hidden rounded-xl border bg-card shadow-sm">
              <img
                src={item.thumbnailUrl}
                alt={item.altText}
                width={item.width}
                height={item.height}
                loading="lazy"
                className="aspect-[4/3] w-full bg-muted object-cover"
                style={{ objectPosition: `${item.focalX}% ${item.focalY}%`, backgroundImage: `url(${item.placeholder})`, backgroundSize: "cover" }}
              />
              <div className="flex flex-1 flex-col gap-2 p-3">
                <p className="line-clamp-2 text-sm font-medium">{item.altText}</p>
                <p className="text-xs text-muted-foreground">
                  {item.width} × {item.height} px · {formatBytes(item.bytes)}
                </p>
                <p className="truncate text-xs text-muted-foreground" title={item.originalName}>
                  {item.originalName}
                </p>
                <div className="mt-auto flex gap-2 pt-1">
                  <Button type="button" variant="outline" size="sm" onClick={() => setEditing(item)}>
                    <Pencil aria-hidden className="size-4" />
                    Edit<span className="sr-only"> {item.altText}</span>
                  </Button>
                  <Button type="button" variant="outline" size="sm" onClick={() => setDeleting(item)} className="text-destructive">
                    <Trash2 aria-hidden className="size-4" />
                    Delete<span className="sr-only"> {item.altText}</span>
                  </Button>
                </div>
              </div>
            </li>
          ))}
        </ul>
      )}

      <Dialog open={uploading} onOpenChange={setUploading}>
        <DialogContent className="max-w-xl">
          <DialogHeader>
            <DialogTitle>Upload image</DialogTitle>
            <DialogDescription>Choose a photo, click it to set the focal point, and describe it.</DialogDescription>
          </DialogHeader>
          <UploadPanel
            onUploaded={() => {
              setUploading(false);
              void revalidator.revalidate();
            }}
          />
        </DialogContent>
      </Dialog>

      {editing ? <EditDialog key={editing.id} item={editing} onClose={() => setEditing(null)} /> : null}
      <DeleteDialog item={deleting} onClose={() => setDeleting(null)} />
    </div>
  );
}

function EditDialog({ item, onClose }: { item: MediaItem; onClose: () => void }) {
  const id = useId();
  const fetcher = useFetcher<MediaActionResult>();
  const [alt, setAlt] = useState(item.altText);
  const [focal, setFocal] = useState({ x: item.focalX, y: item.focalY });
  const [failed, setFailed] = useState(false);
  const result = fetcher.data;

  useEffect(() => {
    if (fetcher.state !== "idle" || !result) return;
    if (result.ok) {
      toast.success(result.message, { id: `media-update-${item.id}` });
      onClose();
    }
  }, [fetcher.state, result, item.id, onClose]);

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>Edit image</DialogTitle>
          <DialogDescription>
            {item.originalName} · {item.width} × {item.height} px · {formatBytes(item.bytes)}
          </DialogDescription>
        </DialogHeader>
        <fetcher.Form method="post" className="flex flex-col gap-4">
          <input type="hidden" name="intent" value="update" />
          <input type="hidden" name="id" value={item.id} />
          <input type="hidden" name="focalX" value={focal.x} />
          <input type="hidden" name="focalY" value={focal.y} />
          {failed ? (
            <p className="grid h-40 place-items-center rounded-lg bg-muted text-sm text-muted-foreground">Failed to load image</p>
          ) : (
            <FocalPointPicker src={item.url} value={focal} onChange={setFocal} onImageError={() => setFailed(true)} />
          )}
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={`${id}-alt`}>Alt text (required)</Label>
            <Textarea id={`${id}-alt`} name="altText" rows={2} maxLength={300} required value={alt} onChange={(e) => setAlt(e.currentTarget.value)} />
            {!alt.trim() ? <p className="text-xs text-destructive">{UPLOAD_MESSAGES.altRequired}</p> : null}
            {result && !result.ok ? (
              <p role="alert" className="text-sm font-medium text-destructive">
                {result.message}
              </p>
            ) : null}
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={fetcher.state !== "idle" || !alt.trim()}>
              {fetcher.state !== "idle" ? "Saving..." : "Save changes"}
            </Button>
          </DialogFooter>
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  );
}

function DeleteDialog({ item, onClose }: { item: MediaItem | null; onClose: () => void }) {
  const fetcher = useFetcher<MediaActionResult>();
  const result = fetcher.data;
  useEffect(() => {
    if (fetcher.state !== "idle" || !result) return;
    if (result.ok) toast.success(result.message, { id: "media-deleted" });
    else toast.error("Cannot delete image", { id: "media-delete-refused", description: result.message });
  }, [fetcher.state, result]);

  return (
    <ConfirmDialog
      open={item !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Delete image?"
      description={<>Are you sure you want to delete &quot;{item?.altText}&quot;? This action cannot be undone.</>}
      confirm={
        <AlertDialogAction
          onClick={() => {
            if (item) void fetcher.submit({ intent: "delete", id: item.id }, { method: "post" });
            onClose();
          }}
        >
          Delete
        </AlertDialogAction>
      }
    />
  );
}
