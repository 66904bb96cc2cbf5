/**
 * Chooses an image's focal point (a focal point chosen by clicking the image, used as
 * the crop centre on cards and heroes). Click or tap the image, or focus it and use the arrow keys
 * (Shift for bigger steps); Home centres it. Values are percent from the left and from the top
 * of the image itself: the frame shrinks to the drawn image (never letterboxed), and a click is
 * measured against the image's own box (the upload and edit dialogs agree).
 */
import { cn } from "~/utils/cn";

export type FocalPoint = { x: number; y: number };

const clamp = (n: number) => Math.min(100, Math.max(0, Math.round(n)));

export function FocalPointPicker({
  src,
  value,
  onChange,
  onImageError,
  className,
}: {
  src: string;
  value: FocalPoint;
  onChange: (point: FocalPoint) => void;
  /** Called when the image cannot be shown (the caller shows 'Failed to load image'). */
  onImageError?: () => void;
  className?: string;
}) {
  return (
    <div className={cn("flex flex-col gap-2", className)}>
      <div className="flex justify-center rounded-lg bg-muted">
        <div
          role="slider"
          tabIndex={0}
          aria-label="Focal point"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={value.x}
          aria-valuetext={`${value.x}% from the left, ${value.y}% from the top`}
          className="relative cursor-crosshair outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2"
          onClick={(event) => {
            const box = event.currentTarget.querySelector("img")!.getBoundingClientRect();
            onChange({ x: clamp(((event.clientX - box.left) / box.width) * 100), y: clamp(((event.clientY - box.top) / box.height) * 100) });
          }}
          onKeyDown={(event) => {
            const step = event.shiftKey ? 10 : 2;
            const moves: Record<string, FocalPoint> = {
              ArrowLeft: { x: value.x - step, y: value.y },
              ArrowRight: { x: value.x + step, y: value.y },
              ArrowUp: { x: value.x, y: value.y - step },
              ArrowDown: { x: value.x, y: value.y + step },
              Home: { x: 50, y: 50 },
            };
            const next = moves[event.key];
            if (!next) return;
            event.preventDefault();
            onChange({ x: clamp(next.x), y: clamp(next.y) });
          }}
        >
          <img src={src} alt="" onError={onImageError} className="block max-h-72 max-w-full select-none" draggable={false} />
          <span
            aria-hidden
            className="pointer-events-none absolute size-7 -translate-x-1/2 -translate-y-1/2 rounded-full border-2 border-white bg-primary/40 shadow-[0_0_0_2px_rgba(0,0,0,0.6)]"
            style={{ left: `${value.x}%`, top: `${value.y}%` }}
          />
        </div>
      </div>
      <p className="text-xs text-muted-foreground">
        Focal point: {value.x}% from the left, {value.y}% from the top. Click the image or use the arrow keys; it stays in view when the
        image is cropped.
      </p>
    </div>
  );
}
