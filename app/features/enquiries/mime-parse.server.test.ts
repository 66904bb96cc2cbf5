/**
 * Inbound e-mail is outside data: hostile messages of the size the import accepts are parsed
 * here while measuring how busy the event loop that serves visitors' pages is kept.
 * postal-mime on the main thread took 18.8 s and 1.4 GB for a 24 MB HTML part; on its worker the
 * calling thread spends 0.1-0.2 s of processor time alone (handing the message over), about 1.1 s
 * beside the rest of the suite and 2.6 s on a machine loaded beyond it (the 24 MB copy can set off
 * a full collection of this thread's heap, whose size depends on what ran before, and with the
 * cores busy the thread does more of that collection itself), so the bound is 5 s: a parse back on
 * this thread took 18.8 s. The worker's time and heap limits end such a parse.
 * Processor time is what is bounded: on a loaded machine the timer's gaps also count time the
 * thread was merely waiting for a core. What the main thread does next (HTML to text, quoted
 * history) is measured on the largest input it is given.
 */
import { performance } from "node:perf_hooks";
import { describe, expect, it } from "vitest";
import { MAX_MESSAGE_BYTES } from "./imap-import.server";
import { MailParseError, MAX_HTML_CHARS, MAX_TEXT_CHARS, parseMail, PARSE_TIMEOUT_MS } from "./mime-parse.server";
import { threadCpuMs } from "../../../tests/setup/thread-cpu";
import { htmlBeforeQuote, htmlToText, trimQuotedHistory } from "./quoted-history";

const MB = 1024 * 1024;
const fill = (unit: string, length: number) => unit.repeat(Math.ceil(length / unit.length)).slice(0, length);
/** A message of `head`, then `unit` repeated to `bytes` bytes (built as a Buffer: no large string to collect later), then `tail`. */
const message = (head: string, unit: string, bytes: number, tail = "") => Buffer.concat([Buffer.from(head), Buffer.alloc(bytes, unit), Buffer.from(tail)]);

/**
 * Runs `work` and answers the processor time this thread (the one whose event loop would serve
 * pages) spent meanwhile, which a loaded machine does not inflate; the event loop's busy time
 * (`eventLoopUtilization`) and the longest gap between ticks of a 5 ms timer, which it does; the
 * time taken and this thread's heap growth.
 */
async function measure<T>(work: () => Promise<T>): Promise<{ result: T | Error; cpuMs: number; busyMs: number; maxGapMs: number; wallMs: number; heapMb: number }> {
  let last = performance.now();
  let maxGapMs = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    maxGapMs = Math.max(maxGapMs, now - last);
    last = now;
  }, 5);
  const heapBefore = process.memoryUsage().heapUsed;
  const loopBefore = performance.eventLoopUtilization();
  const cpuBefore = threadCpuMs();
  const started = performance.now();
  let result: T | Error;
  try {
    result = await work();
  } catch (error) {
    result = error as Error;
  }
  const wallMs = performance.now() - started;
  const busyMs = performance.eventLoopUtilization(loopBefore).active;
  const cpuMs = threadCpuMs() - cpuBefore;
  clearInterval(timer);
  return { result, cpuMs, busyMs, maxGapMs, wallMs, heapMb: (process.memoryUsage().heapUsed - heapBefore) / MB };
}

function report(name: string, m: { result: unknown; cpuMs: number; busyMs: number; maxGapMs: number; wallMs: number; heapMb: number }) {
  const outcome = m.result instanceof Error ? `refused: ${m.result.message}` : "parsed";
  console.info(
    `${name}: ${outcome}; ${m.wallMs.toFixed(0)} ms, this thread's CPU ${m.cpuMs} ms, its event loop busy ${m.busyMs.toFixed(0)} ms (longest timer gap ${m.maxGapMs.toFixed(0)} ms), its heap ${m.heapMb.toFixed(1)} MB`,
  );
}

describe("parseMail on hostile messages", () => {
  it("parses a 24 MB HTML part off the event loop and ends it at the worker's limits", async () => {
    const source = message("From: a@b.example\r\nContent-Type: text/html\r\n\r\n", "<div><b>x</b></div>\r\n", 24 * MB);
    expect(source.length).toBeLessThanOrEqual(MAX_MESSAGE_BYTES);
    const m = await measure(() => parseMail(source));
    report("24 MB HTML", m);
    expect(m.cpuMs).toBeLessThan(5_000);
    expect(m.wallMs).toBeLessThan(PARSE_TIMEOUT_MS + 5_000);
    if (!(m.result instanceof Error)) expect(m.result.html!.length).toBeLessThanOrEqual(MAX_HTML_CHARS);
    else expect(m.result).toBeInstanceOf(MailParseError);
  }, 60_000);

  it("refuses deep nesting, huge header counts and part counts, and parses a 17 MB attachment within the limits", async () => {
    let nested = "From: a@b.example\r\n";
    for (let i = 0; i < 5_000; i++) nested += `Content-Type: multipart/mixed; boundary="b${i}"\r\n\r\n--b${i}\r\n`;
    const part = '--p\r\nContent-Type: text/plain\r\nContent-Disposition: attachment; filename="a.txt"\r\n\r\nx\r\n';
    const hostile: [string, () => Buffer][] = [
      ["5,000 nested multiparts", () => Buffer.from(nested)],
      ["3 million headers (24 MB)", () => message("From: a@b.example\r\n", "X-A: b\r\n", 24 * MB, "\r\nhi\r\n")],
      ["150,000 parts", () => message('From: a@b.example\r\nContent-Type: multipart/mixed; boundary="p"\r\n\r\n', part, 150_000 * part.length, "--p--\r\n")],
    ];
    for (const [name, build] of hostile) {
      const source = build();
      const m = await measure(() => parseMail(source));
      report(name, m);
      expect(m.result).toBeInstanceOf(MailParseError);
      expect(m.cpuMs).toBeLessThan(1_000);
      expect(m.wallMs).toBeLessThan(PARSE_TIMEOUT_MS + 5_000);
    }

    // 17 MB of bytes 0x07, base64 in 76-character lines, in a 23 MB message: legitimate, and parsed.
    const line = `${"BwcH".repeat(19)}\r\n`;
    const lines = Math.ceil((17 * MB) / 57);
    const source = message(
      'From: a@b.example\r\nContent-Type: multipart/mixed; boundary="m"\r\n\r\n--m\r\nContent-Type: text/plain\r\n\r\nDrawings attached.\r\n--m\r\nContent-Type: application/pdf; name="d.pdf"\r\nContent-Disposition: attachment; filename="d.pdf"\r\nContent-Transfer-Encoding: base64\r\n\r\n',
      line,
      lines * line.length,
      "--m--\r\n",
    );
    const m = await measure(() => parseMail(source));
    report(`${(lines * 57 / MB).toFixed(0)} MB attachment (${(source.length / MB).toFixed(0)} MB message)`, m);
    if (m.result instanceof Error) throw m.result;
    expect(m.result.text?.trim()).toBe("Drawings attached.");
    expect((m.result.attachments[0]!.content as ArrayBuffer).byteLength).toBe(lines * 57);
    expect(m.cpuMs).toBeLessThan(1_000);
  }, 60_000);
});

describe("the main thread's work on a parsed message", () => {
  it("turns the largest HTML and text it is given into what staff see in linear time (under 500 ms each; the quadratic forms took 7 to 84 s on half as much)", () => {
    const cases: [string, () => unknown][] = [
      ["unclosed <style>", () => htmlToText(fill("<style>", MAX_HTML_CHARS))],
      ["unclosed comments", () => htmlToText(fill("<!--", MAX_HTML_CHARS))],
      ["unclosed tags", () => htmlToText(fill("<a ", MAX_HTML_CHARS))],
      ["unclosed <div> before a quote marker", () => htmlBeforeQuote(fill("<div ", MAX_HTML_CHARS))],
      ["numeric entities", () => htmlToText(fill("&#x1;", MAX_HTML_CHARS))],
      ["quoted lines ending unquoted", () => trimQuotedHistory(`${fill(">\n", MAX_TEXT_CHARS)}x`)],
      ["From: lines", () => trimQuotedHistory(fill("From: a\n", MAX_TEXT_CHARS))],
    ];
    for (const [name, run] of cases) {
      // The best of three runs: the machine's other work only ever adds time.
      let ms = Infinity;
      for (let i = 0; i < 3; i++) {
        const started = performance.now();
        run();
        ms = Math.min(ms, performance.now() - started);
      }
      console.info(`${name}: ${ms.toFixed(1)} ms`);
      expect(ms, name).toBeLessThan(500);
    }
  });
});
