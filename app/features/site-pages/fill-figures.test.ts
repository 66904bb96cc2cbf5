import { describe, expect, it } from "vitest";
import { fillFigures } from "./schemas";

describe("fillFigures", () => {
  const figures = { countries: { value: "17+" } };

  it("writes a figure's value where the text names it, and leaves an unknown key as written", () => {
    expect(fillFigures("Projects in {countries} countries", figures)).toBe("Projects in 17+ countries");
    expect(fillFigures("Projects in {nowhere} countries", figures)).toBe("Projects in {nowhere} countries");
  });

  it("isolates each value left to right in right-to-left text, so 17+ is not drawn +17", () => {
    expect(fillFigures("مشاريع في {countries} دولة", figures, "rtl")).toBe("مشاريع في \u206617+\u2069 دولة");
  });
});
