/**
 * The waiting list, its entry point for server code: entries joined from the wizard and left by
 * the mailed link, the join form, the times that suit an entry, the offers of freed times made by
 * a periodic task, and its messages. Imports the core, the mail and availability.
 */
export * from "./entries.server";
export * from "./mail.server";
export * from "./offers.server";
export * from "./page.server";
export * from "./paths";
export * from "./schema";
export * from "./windows";
