/**
 * Rows staff can add, reorder and remove, keeping the order entered (technical specs, card
 * metrics). Each row renders its own inputs through `renderRow`; posted in row order.
 */
import { ArrowDown, ArrowUp, Plus, Trash2 } from "lucide-react";
import { useRef, useState } from "react";
import { Button } from "~/components/ui/button";

export function OrderedRows<T>({
  legend,
  rowLabel,
  defaultRows,
  emptyRow,
  renderRow,
  maxRows = 40,
  errors,
  stacked = false,
}: {
  legend: string;
  /** What one row is called, for the buttons' accessible names ("specification"). */
  rowLabel: string;
  defaultRows: T[];
  emptyRow: () => T;
  renderRow: (row: T, index: number) => React.ReactNode;
  maxRows?: number;
  errors?: string[];
  /** Rows of many fields (a person, a testimonial): fields stacked, the row's buttons above them. */
  stacked?: boolean;
}) {
  const next = useRef(0);
  const [rows, setRows] = useState(() => defaultRows.map((row) => ({ key: next.current++, row })));
  const move = (i: number, by: number) => {
    const copy = [...rows];
    const [item] = copy.splice(i, 1);
    copy.splice(i + by, 0, item!);
    setRows(copy);
  };
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-2 text-sm font-medium">{legend}</legend>
      {rows.length === 0 ? <p className="text-sm text-muted-foreground">None yet.</p> : null}
      <ol className="flex flex-col gap-3">
        {rows.map(({ key, row }, i) => (
          <li key={key} className={stacked ? "flex min-w-0 flex-col-reverse gap-2 rounded-md border p-3" : "flex flex-col gap-2 rounded-md border p-3 sm:flex-row sm:items-end"}>
            <div
              role={stacked ? "group" : undefined}
              aria-label={stacked ? `${rowLabel} ${i + 1}` : undefined}
              className={stacked ? "flex min-w-0 flex-col gap-4" : "grid flex-1 gap-2 sm:grid-cols-[repeat(auto-fit,minmax(8rem,1fr))]"}
            >
              {renderRow(row, i)}
            </div>
            <div className={stacked ? "flex w-full items-center gap-1" : "flex gap-1"}>
              {stacked ? <span className="mr-auto text-sm font-medium text-muted-foreground">{`${rowLabel[0]!.toUpperCase()}${rowLabel.slice(1)} ${i + 1}`}</span> : null}
              <Button type="button" variant="ghost" size="icon" disabled={i === 0} onClick={() => move(i, -1)} aria-label={`Move ${rowLabel} ${i + 1} up`}>
                <ArrowUp aria-hidden />
              </Button>
              <Button type="button" variant="ghost" size="icon" disabled={i === rows.length - 1} onClick={() => move(i, 1)} aria-label={`Move ${rowLabel} ${i + 1} down`}>
                <ArrowDown aria-hidden />
              </Button>
              <Button type="button" variant="ghost" size="icon" onClick={() => setRows(rows.filter((_, j) => j !== i))} aria-label={`Remove ${rowLabel} ${i + 1}`}>
                <Trash2 aria-hidden />
              </Button>
            </div>
          </li>
        ))}
      </ol>
      <Button type="button" variant="outline" size="sm" className="self-start" disabled={rows.length >= maxRows} onClick={() => setRows([...rows, { key: next.current++, row: emptyRow() }])}>
        <Plus aria-hidden /> Add {rowLabel}
      </Button>
      {errors?.length ? <p className="text-sm text-destructive">{errors.join(" ")}</p> : null}
    </fieldset>
  );
}
