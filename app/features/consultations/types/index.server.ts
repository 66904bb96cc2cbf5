/**
 * Consultation types, their entry point for server code: the type form, and creating, editing,
 * reordering, deactivating and deleting types. Imports no other sub-area.
 */
export * from "./types-admin.server";
export * from "./types-admin";
