import { cn } from "~/utils/cn";

/**
 * The portal's one responsive data table: a real `<table>` from the `lg`
 * breakpoint (1024 px) up, and below it each row is a stacked card whose cells carry their column
 * name, so a phone never scrolls sideways. The table, row and cell roles are set explicitly: a table
 * laid out as blocks keeps its semantics for screen readers, and the column headers stay in the
 * accessibility tree (visually hidden on phones).
 *
 * Use: `<StackedTable caption columns>` with `<StackedRow>`s of `<StackedCell label>`; the first
 * cell of a row is usually `<StackedCell header>` (the row's name, shown as the card's title).
 */
export function StackedTable({
  caption,
  columns,
  className,
  tableClassName,
  children,
}: {
  /** Read by screen readers only. */
  caption: React.ReactNode;
  /** Column headings, in cell order; a column may ask to be right-aligned on wide screens. */
  columns: Array<{ label: string; className?: string }>;
  /** The frame around the table on wide screens. */
  className?: string;
  /** E.g. a minimum width for the wide table (it scrolls inside its frame only on wide screens). */
  tableClassName?: string;
  children: React.ReactNode;
}) {
  return (
    <div className={cn("lg:relative lg:overflow-x-auto lg:rounded-xl lg:border lg:bg-card lg:shadow-sm", className)}>
      <table role="table" className={cn("block w-full text-sm lg:table lg:border-separate lg:border-spacing-0", tableClassName)}>
        <caption className="sr-only">{caption}</caption>
        <thead role="rowgroup" className="max-lg:sr-only">
          <tr role="row" className="text-left text-xs font-semibold tracking-wide text-muted-foreground uppercase">
            {columns.map((column, i) => (
              <th
                key={column.label}
                role="columnheader"
                scope="col"
                className={cn("border-b bg-muted px-3 py-3", i === 0 && "lg:sticky lg:left-0 lg:z-10", column.className)}
              >
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody role="rowgroup" className="flex flex-col gap-3 lg:table-row-group">{children}</tbody>
      </table>
    </div>
  );
}

/** One row: a card on phones and tablets, a table row (highlighted on hover) on wide screens. */
export function StackedRow({ className, ...props }: React.ComponentProps<"tr">) {
  return (
    <tr
      role="row"
      className={cn(
        "group flex flex-col gap-2 rounded-xl border bg-card p-4 shadow-sm lg:table-row lg:rounded-none lg:border-0 lg:bg-transparent lg:p-0 lg:shadow-none",
        className,
      )}
      {...props}
    />
  );
}

/**
 * One cell. `label` (the column's name) is shown beside the value on phones only; the row's
 * `header` cell is a `<th scope="row">`, the card's title, and sticks to the left on wide screens.
 */
export function StackedCell({
  label,
  header = false,
  className,
  children,
}: {
  label?: string;
  header?: boolean;
  className?: string;
  children: React.ReactNode;
}) {
  const wide = "lg:table-cell lg:border-b lg:px-3 lg:py-3 lg:align-top lg:group-hover:bg-accent";
  if (header) {
    return (
      <th
        role="rowheader"
        scope="row"
        className={cn("block min-w-0 text-left font-normal lg:sticky lg:left-0 lg:z-10 lg:bg-card", wide, className)}
      >
        {children}
      </th>
    );
  }
  return (
    <td role="cell" className={cn("flex min-w-0 items-start gap-3", wide, className)}>
      {label ? (
        <span aria-hidden className="w-20 shrink-0 pt-0.5 text-xs font-semibold tracking-wide text-muted-foreground uppercase lg:hidden">
          {label}
        </span>
      ) : null}
      <div className="min-w-0 flex-1">{children}</div>
    </td>
  );
}
