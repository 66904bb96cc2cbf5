import { describe, expect, it } from "vitest";
import { renderEmail, siteUrl } from "./templates.server";

const settings = { companyName: "Meridian & Co", email: "hello@meridian.example", phone: "+44 20 7946 0321", location: "London, United Kingdom" };

describe("renderEmail", () => {
  it("renders every part in HTML and plain text, escaping each value", () => {
    const { html, text } = renderEmail(
      {
        preheader: "Pre <b>",
        heading: "Hello <Ada>",
        intro: "Intro & more",
        paragraphs: ["First line\nsecond line", 'Quote "this"'],
        details: [["Type <x>", "Value\nnext"]],
        button: { label: "Open <it>", url: "https://example.com/a?b=1&c=2" },
        footerNote: "Note <n>",
      },
      settings,
    );
    expect(html).toContain("Meridian &amp; Co");
    expect(html).toContain("Hello &lt;Ada&gt;");
    expect(html).toContain("Pre &lt;b&gt;");
    expect(html).toContain("First line<br>second line");
    expect(html).toContain("Quote &quot;this&quot;");
    expect(html).toContain("Type &lt;x&gt;");
    expect(html).toContain('href="https://example.com/a?b=1&amp;c=2"');
    expect(html).toContain("Open &lt;it&gt;");
    expect(html).toContain("Note &lt;n&gt;");
    expect(html).toContain("#0f766e");
    expect(html).not.toMatch(/<(script|style)/);

    expect(text).toContain("Meridian & Co");
    expect(text).toContain("Hello <Ada>");
    expect(text).toContain("Type <x>:\n  Value\n  next");
    expect(text).toContain("Open <it>: https://example.com/a?b=1&c=2");
    expect(text).toContain("hello@meridian.example | +44 20 7946 0321 | London, United Kingdom");
  });

  it("never turns a non-web URL into a link", () => {
    const { html } = renderEmail({ heading: "H", paragraphs: [], button: { label: "Click", url: "javascript:alert(1)" } }, settings);
    expect(html).not.toContain("javascript:");
    expect(html).not.toContain(">Click<");
  });

  it("builds absolute links from PUBLIC_URL", () => {
    expect(siteUrl("/admin/enquiries")).toBe("http://localhost:3000/admin/enquiries");
    expect(siteUrl("book-consultation")).toBe("http://localhost:3000/book-consultation");
  });
});

describe("the footer's address", () => {
  it("is the contact page's street address on one line when given, else the settings' location", () => {
    const withAddress = renderEmail({ heading: "H", paragraphs: ["p"] }, { ...settings, address: ["12 Bridge Street", "London SE1 9AA", "United Kingdom"] });
    expect(withAddress.text).toContain("hello@meridian.example | +44 20 7946 0321 | 12 Bridge Street, London SE1 9AA, United Kingdom");
    expect(withAddress.html).toContain("12 Bridge Street, London SE1 9AA, United Kingdom");
    expect(withAddress.html).not.toContain("London, United Kingdom");
    expect(renderEmail({ heading: "H", paragraphs: ["p"] }, { ...settings, address: [] }).text).toContain("| London, United Kingdom");
  });
});

describe("control characters", () => {
  it("are stripped from every text of a message, line breaks kept only where a paragraph allows them", () => {
    const { html, text } = renderEmail(
      {
        heading: "New enquiry from Ann\rSUMMARY:Fake\u202e",
        paragraphs: ["Dear Ann\r,\r\nthanks\u0007"],
        details: [["Name\r", "Ann\u0085\nSmith"]],
      },
      { companyName: "Meridian", email: "hello@meridian.example", phone: "+44", location: "London" },
    );
    for (const body of [html, text]) for (const c of ["\r", "\u0085", "\u202e", "\u0007"]) expect(body).not.toContain(c);
    expect(text).toContain("New enquiry from Ann SUMMARY:Fake");
    expect(text).toContain("Dear Ann,\nthanks");
  });
});
