import { describe, expect, it } from "vitest";
import { UNAVAILABLE_PAGE } from "~/features/site/unavailable.server";
import { renderStandalonePage } from "./standalone-page";

describe("renderStandalonePage", () => {
  it("writes the title, heading, paragraph and link, escaping markup", () => {
    const html = renderStandalonePage({
      title: "A <b> title",
      heading: "We'll <script>",
      paragraph: 'Say "hi" & go',
      link: { href: '/x?a=1&b="2"', label: "Back" },
    });
    expect(html).toContain("<title>A &lt;b&gt; title | Meridian Engineering</title>");
    expect(html).toContain("<h1>We'll &lt;script&gt;</h1>");
    expect(html).toContain("<p>Say &quot;hi&quot; &amp; go</p>");
    expect(html).toContain('<a href="/x?a=1&amp;b=&quot;2&quot;">Back</a>');
    expect(html).not.toContain("<script");
  });

  it("makes the 503 page with its words", () => {
    expect(UNAVAILABLE_PAGE).toContain("<title>Temporarily unavailable | Meridian Engineering</title>");
    expect(UNAVAILABLE_PAGE).toContain("<h1>We'll be back shortly</h1>");
    expect(UNAVAILABLE_PAGE).toContain('<a href="/">Try again</a>');
  });
});
