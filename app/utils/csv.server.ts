/**
 * CSV downloads for staff: one UTF-8 stream with a BOM (Excel) and a header row, quoted by
 * csv-stringify, every text cell made safe to open in a spreadsheet (`neutraliseCsvCell`).
 */
import { Readable } from "node:stream";
import { stringify } from "csv-stringify";

/**
 * Makes a cell safe to open in a spreadsheet: a value starting with `=`, `+`, `-`, `@`, tab or
 * carriage return gets a leading apostrophe so it is never read as a formula (CSV injection).
 */
export function neutraliseCsvCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/**
 * `rows` (read lazily, e.g. from the database in batches) under the header `columns` as a CSV byte
 * stream for a `Response`. An error while reading ends the stream with that error.
 */
export function csvStream(columns: readonly string[], rows: AsyncIterable<unknown[]>): ReadableStream<Uint8Array> {
  const stringifier = stringify({
    bom: true,
    header: true,
    columns: [...columns],
    cast: { string: (value) => neutraliseCsvCell(value) },
  });
  const source = Readable.from(rows);
  source.on("error", (error) => stringifier.destroy(error));
  source.pipe(stringifier);
  return Readable.toWeb(stringifier) as unknown as ReadableStream<Uint8Array>;
}
