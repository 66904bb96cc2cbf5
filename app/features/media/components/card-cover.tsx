/**
 * The picture at the top of a listing card (a project or an insight): the image at the card's
 * aspect ratio, zooming slightly while the card is hovered (the card carries `group`), with the
 * category badge in its top start corner (top left in English). `image` may be empty (a project without a picture): the
 * muted frame and the badge remain.
 */
import type { ResponsiveImage } from "../rules";
import { Picture } from "./picture";

export function CardCover({
  image,
  aspectClassName,
  width,
  height,
  badge,
}: {
  /** The library image, another URL, or nothing. */
  image: ResponsiveImage | string | null | undefined;
  /** The frame's Tailwind aspect ratio, e.g. `aspect-[16/9]`; `width` and `height` match it. */
  aspectClassName: string;
  width: number;
  height: number;
  badge: string;
}) {
  return (
    <div className={`relative ${aspectClassName} overflow-hidden bg-muted`}>
      {image ? (
        <Picture
          image={image}
          alt=""
          sizes="(min-width: 1024px) 400px, (min-width: 768px) 50vw, 100vw"
          width={width}
          height={height}
          className="size-full object-cover transition-transform duration-500 group-hover:scale-105"
        />
      ) : null}
      <span className="absolute top-3 start-3 rounded-full bg-white/95 px-3 py-1 text-xs font-semibold text-accent-foreground shadow-sm">{badge}</span>
    </div>
  );
}
