/** The waiting list's public address in English; other languages put their prefix before it (`localizedPath`). Browser-safe. */
export const WAITING_LIST_PATH = "/book-consultation/waiting-list";

/** The leave page of a waiting-list entry's raw link `token`, in English (`localizedPath` for another language). */
export function waitingListLeavePath(token: string): string {
  return `${WAITING_LIST_PATH}/leave/${token}`;
}
