/**
 * Staff of the WordPress import browser test (tests/e2e/wordpress-import.spec.ts): a manager (the
 * admin role) who uploads and applies exports, and an editor, who is refused the screen. Written
 * before the server starts.
 */
export const WORDPRESS_FIXTURES = {
  manager: { email: "wanda.import@e2e.test", name: "Wanda Importer", password: "wordpress-manager-password-1" },
  editor: { email: "eddie.import@e2e.test", name: "Eddie Noimport", password: "wordpress-editor-password-1" },
} as const;

export async function seedWordpressFixtures(): Promise<void> {
  const { db } = await import("../../../app/db/client.server");
  const { createStaffAccount } = await import("../../../app/features/auth/accounts.server");
  await createStaffAccount(db, { ...WORDPRESS_FIXTURES.manager, role: "admin" });
  await createStaffAccount(db, { ...WORDPRESS_FIXTURES.editor, role: "editor" });
}
