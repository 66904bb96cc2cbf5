import type { PageContent } from "../schemas";

/** Company figures, by key: pages refer to them, so each number is stated once. */
export const figures: PageContent["figures"] = {
  figures: [
    {
      key: "years-of-expertise",
      label: "Years of expertise",
      value: "10+",
      source: "manual",
    },
    {
      key: "client-satisfaction",
      label: "Client satisfaction",
      value: "95%",
      source: "manual",
    },
    {
      key: "countries",
      label: "Countries",
      value: "20+",
      source: "manual",
    },
    {
      key: "founder-years",
      label: "Years in structural engineering (lead founder)",
      value: "15+",
      source: "manual",
    },
    {
      key: "cofounder-years",
      label: "Years in humanitarian engineering (co-founder)",
      value: "12+",
      source: "manual",
    },
    {
      key: "projects-delivered",
      label: "Projects delivered",
      value: "30+",
      source: "manual",
    },
    {
      key: "first-year-revenue",
      label: "Revenue in the first trading year",
      value: "£70,000+",
      source: "manual",
    },
    {
      key: "on-time-delivery",
      label: "On-time delivery, approximately",
      value: "85%",
      source: "manual",
    },
    {
      key: "field-countries",
      label: "Countries of field work",
      value: "12",
      source: "manual",
    },
    {
      key: "commercial-countries",
      label: "Countries of commercial work",
      value: "8",
      source: "manual",
    },
    {
      key: "humanitarian-projects",
      label: "Humanitarian projects",
      value: "20+",
      source: "manual",
    },
  ],
};
