import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import type { InsightCardData } from "../insights.server";
import { InsightCard } from "./insight-card";

const undated: InsightCardData = {
  id: "i1",
  slug: "ecoles",
  title: "Des écoles",
  excerpt: "",
  category: "Engineering",
  heroImage: "/media/insights/fallback-1280.webp",
  authorName: "Meridian Engineering",
  publishedDate: null,
  dateLabel: "Recent",
  readingTime: "5 mins read",
};

/** The card's text as a visitor reads it, drawn in `language`. */
const cardText = (language: "en" | "fr" | "ar") =>
  renderToStaticMarkup(createElement(MemoryRouter, null, createElement(InsightCard, { insight: undated, language }))).replace(/<[^>]+>/g, " ");

describe("an article card without a date", () => {
  it("says Recent in the page's language", () => {
    expect(cardText("en")).toContain(" Recent ");
    expect(cardText("fr")).toContain(" Récent ");
    expect(cardText("fr")).not.toContain("Recent");
    expect(cardText("ar")).toContain(" حديث ");
  });
});
