/**
 * Which encoding the HTML cache sends for an `Accept-Encoding` value: the best of ours among those
 * the client accepts equally (a browser lists gzip before br and must still get br), the client's
 * quality values and refusals honoured.
 */
import { describe, expect, it } from "vitest";
import { negotiateEncoding } from "../../server/encoding";

describe("negotiateEncoding", () => {
  it.each([
    ["gzip, deflate, br", true, "br"],
    ["gzip, deflate, br, zstd", true, "br"],
    ["gzip, deflate, br", false, "gzip"],
    ["br, gzip", true, "br"],
    ["gzip;q=1, br;q=0.5", true, "gzip"],
    ["br;q=0, gzip", true, "gzip"],
    ["gzip;q=0", true, "identity"],
    ["identity", true, "identity"],
    ["", true, "identity"],
    [undefined, true, "identity"],
    ["deflate", true, "identity"],
  ] as const)("Accept-Encoding %j with brotli %s ready: %s", (header, brotli, expected) => {
    expect(negotiateEncoding(header, brotli)).toBe(expected);
    // Remembered per value: the same answer again.
    expect(negotiateEncoding(header, brotli)).toBe(expected);
  });
});
