/** Creates the first super admin at start when none exists. Filled in by the admin issue. */
export async function ensureFirstAdmin(): Promise<void> {}
