/** One figure or metric as a page shows it: its label ("Countries") and its value ("20+", "112 m"). */
export type FigureItem = { label: string; value: string };

/**
 * A definition list of figures: each item a `<div>` holding the label (`<dt>`) and the value
 * (`<dd>`). The value is isolated left to right (`<bdi dir="ltr">`) so "10+" keeps its order inside
 * right-to-left text; put `order-first` in `valueClassName` to draw the value above its label.
 */
export function FigureList({
  items,
  className,
  itemClassName,
  labelClassName,
  valueClassName,
}: {
  items: readonly FigureItem[];
  className?: string;
  itemClassName?: string;
  labelClassName?: string;
  valueClassName?: string;
}) {
  return (
    <dl className={className}>
      {items.map((item, i) => (
        <div key={`${i}-${item.label}`} className={itemClassName}>
          <dt className={labelClassName}>{item.label}</dt>
          <dd className={valueClassName}>
            <bdi dir="ltr">{item.value}</bdi>
          </dd>
        </div>
      ))}
    </dl>
  );
}
