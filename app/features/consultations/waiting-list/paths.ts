/** The waiting list's public address in English; other languages put their prefix before it (`localizedPath`). Browser-safe. */
export const WAITING_LIST_PATH = "/book-consultation/waiting-list";
