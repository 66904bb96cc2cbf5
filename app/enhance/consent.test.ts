/** Analytics never sees a query string, a token path or a portal page. */
import { describe, expect, it } from "vitest";
import { allowsAnalytics, privateHydrateHandle, privatePageHandle } from "~/utils/page-mode";
import { parseConsent } from "~/features/site/consent";
import { analyticsLocation, analyticsReferrer } from "./consent";

describe("what GA4 is told", () => {
  it("the page address without query string or fragment", () => {
    expect(analyticsLocation({ origin: "https://meridian.example", pathname: "/projects" })).toBe("https://meridian.example/projects");
  });

  it("no same-site referrer (it may be a token page), only the origin of another site", () => {
    const origin = "https://meridian.example";
    expect(analyticsReferrer(`${origin}/book-consultation/manage/secret-token?x=1`, origin)).toBe("");
    expect(analyticsReferrer("https://www.google.com/search?q=structural+engineer", origin)).toBe("https://www.google.com/");
    expect(analyticsReferrer("", origin)).toBe("");
    expect(analyticsReferrer("not a url", origin)).toBe("");
  });
});

describe("where analytics may load", () => {
  it("not on the portal or token pages, which carry privateHydrateHandle or privatePageHandle", () => {
    expect(allowsAnalytics([{ handle: undefined }, { handle: undefined }])).toBe(true);
    expect(allowsAnalytics([{ handle: undefined }, { handle: privatePageHandle }])).toBe(false);
    expect(allowsAnalytics([{ handle: undefined }, { handle: privateHydrateHandle }, { handle: undefined }])).toBe(false);
  });

  it("reads the consent cookie", () => {
    expect(parseConsent("a=1; cookie_consent=accepted; b=2")).toBe("accepted");
    expect(parseConsent("cookie_consent=rejected")).toBe("rejected");
    expect(parseConsent("cookie_consent=maybe")).toBeNull();
    expect(parseConsent(undefined)).toBeNull();
  });
});
