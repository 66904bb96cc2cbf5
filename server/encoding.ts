/**
 * `Accept-Encoding` negotiation for the HTML cache: which stored form of a page to send.
 */
import Negotiator from "negotiator";

/** The encodings a page can be sent in, best first, for `Accept-Encoding` negotiation. */
const WITH_BROTLI = ["br", "gzip", "identity"];
const WITHOUT_BROTLI = ["gzip", "identity"];

/** A content coding a stored page is kept in (`identity`: the raw bytes). */
export type Encoding = "br" | "gzip" | "identity";

/** Negotiated encodings of recent `Accept-Encoding` values (browsers send a handful), with and without brotli on offer. */
const negotiated = { withBrotli: new Map<string, Encoding>(), withoutBrotli: new Map<string, Encoding>() };
/** Distinct `Accept-Encoding` values remembered; more start the memory afresh. */
const ENCODINGS_REMEMBERED = 256;

/** `negotiator`'s `encoding` with its `preferred` option, which @types/negotiator does not know yet. */
type EncodingNegotiator = { encoding(available: string[], options: { preferred: string[] }): string | undefined };

/**
 * The encoding to send for an `Accept-Encoding` value, remembered per value: `negotiator`'s rules
 * (quality values, `identity;q=0`), and among encodings of equal quality ours, best first (br, gzip,
 * identity), not the order the client lists them in: a browser sends `gzip, deflate, br` and gets br.
 */
export function negotiateEncoding(acceptEncoding: string | undefined, brotli: boolean): Encoding {
  const memory = brotli ? negotiated.withBrotli : negotiated.withoutBrotli;
  const value = acceptEncoding ?? "";
  let encoding = memory.get(value);
  if (encoding === undefined) {
    const offered = brotli ? WITH_BROTLI : WITHOUT_BROTLI;
    const negotiator = new Negotiator({ headers: acceptEncoding === undefined ? {} : { "accept-encoding": acceptEncoding } }) as unknown as EncodingNegotiator;
    encoding = (negotiator.encoding(offered, { preferred: offered }) ?? "identity") as Encoding;
    if (memory.size >= ENCODINGS_REMEMBERED) memory.clear();
    memory.set(value, encoding);
  }
  return encoding;
}
