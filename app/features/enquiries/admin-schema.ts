/**
 * Zod schemas of the admin enquiries screen: the list filters read from the URL and the
 * inputs of the row actions (status, priority, type, internal notes, delete, not spam).
 * Shared by the route (server) and the UI (labels).
 */
import { z } from "zod";
import type { ActionReply } from "~/utils/forms";
import { ENQUIRY_PRIORITIES, ENQUIRY_STATUSES } from "~/utils/domain";

export type EnquiryStatus = (typeof ENQUIRY_STATUSES)[number];
export type EnquiryPriority = (typeof ENQUIRY_PRIORITIES)[number];

/**
 * The status filter's values: the five statuses and "overdue" (still `new` 24 hours after
 * arrival), which the list, the dashboard and the reminder mail link to as `?status=overdue`.
 */
export const ENQUIRY_STATUS_FILTERS = ["overdue", ...ENQUIRY_STATUSES] as const;
export type EnquiryStatusFilter = (typeof ENQUIRY_STATUS_FILTERS)[number];

/** Rows per page of the admin list. */
export const ENQUIRY_PAGE_SIZE = 20;

/** Display label of a status, status filter or priority: underscores as spaces, each word capitalised ('In Review'). */
export function enquiryLabel(value: string): string {
  return value
    .split("_")
    .map((w) => (w ? w[0]!.toUpperCase() + w.slice(1) : w))
    .join(" ");
}

const emptyToUndefined = (v: unknown) => (v === "" || v === null || v === "all" ? undefined : v);

/**
 * The list filters as they appear in the URL (`?q=&status=&priority=&view=spam&page=`).
 * `status` is one of {@link ENQUIRY_STATUS_FILTERS} ("overdue" included).
 * Unknown or invalid values are dropped (a hand-edited URL never errors): `status`/`priority`
 * outside their enums become "all", a bad page becomes 1.
 */
export const EnquiryFiltersSchema = z.object({
  q: z.preprocess(emptyToUndefined, z.string().trim().max(200).optional()).catch(undefined),
  status: z.preprocess(emptyToUndefined, z.enum(ENQUIRY_STATUS_FILTERS).optional()).catch(undefined),
  priority: z.preprocess(emptyToUndefined, z.enum(ENQUIRY_PRIORITIES).optional()).catch(undefined),
  spam: z.boolean().default(false),
  /** `mine`: enquiries the signed-in member owns; `none`: enquiries nobody owns. */
  owner: z.preprocess(emptyToUndefined, z.enum(["mine", "none"]).optional()).catch(undefined),
  page: z.coerce.number().int().min(1).max(100_000).catch(1).default(1),
});

/** Parsed list filters: `q` trimmed (undefined when empty), `spam` true for the Spam view, `page` from 1. */
export type EnquiryFilters = z.infer<typeof EnquiryFiltersSchema>;

/** Reads the filters from URL search params (`view=spam` selects the spam view). */
export function parseEnquiryFilters(params: URLSearchParams): EnquiryFilters {
  return EnquiryFiltersSchema.parse({
    q: params.get("q") ?? undefined,
    status: params.get("status") ?? undefined,
    priority: params.get("priority") ?? undefined,
    spam: params.get("view") === "spam",
    owner: params.get("owner") ?? undefined,
    page: params.get("page") ?? undefined,
  });
}

/** The URL search string of a set of filters (defaults omitted), e.g. `?q=steel&status=new`. */
export function enquiryFiltersToSearch(filters: Partial<EnquiryFilters>, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams();
  if (filters.q) params.set("q", filters.q);
  if (filters.status) params.set("status", filters.status);
  if (filters.priority) params.set("priority", filters.priority);
  if (filters.spam) params.set("view", "spam");
  if (filters.owner) params.set("owner", filters.owner);
  if (filters.page && filters.page > 1) params.set("page", String(filters.page));
  for (const [k, v] of Object.entries(extra)) params.set(k, v);
  const s = params.toString();
  return s ? `?${s}` : "";
}

const optionalText = (max: number) =>
  z.preprocess((v) => (typeof v === "string" ? v.trim() : v), z.string().max(max)).optional();

/**
 * A change to one enquiry. Every field optional; at least one must be present.
 * `internalNotes` empty string clears the notes.
 */
export const EnquiryUpdateSchema = z
  .object({
    status: z.enum(ENQUIRY_STATUSES, { error: "Choose a valid status." }).optional(),
    priority: z.enum(ENQUIRY_PRIORITIES, { error: "Choose a valid priority." }).optional(),
    projectType: z
      .preprocess((v) => (typeof v === "string" ? v.trim() : v), z.string().min(1, "Enter a type.").max(100))
      .optional(),
    internalNotes: optionalText(10_000),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), { error: "Nothing to update." });

/** A change to one enquiry, as accepted by `updateEnquiry`. */
export type EnquiryUpdate = z.infer<typeof EnquiryUpdateSchema>;

/** The action's form envelope: `intent` selects update, delete or not-spam; `id` is the enquiry's uuid. */
export const EnquiryActionSchema = z.object({
  intent: z.enum(["update", "delete", "not-spam"], { error: "Unknown action." }),
  id: z.uuid({ error: "Unknown enquiry." }),
});

/** What the enquiries action answers; `ok: false` comes with a 4xx status and a message to show. */
export type EnquiryActionResult = ActionReply<{ intent: "update" | "delete" | "not-spam"; id: string; message: string }, { id?: string }>;
