import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import type { StaffMember } from "../users.server";
import { type UsersActionResult, UsersScreen } from "./users-screen";

const boss: StaffMember = {
  id: "a-boss",
  userId: "u-boss",
  name: "Bea Boss",
  email: "bea@example.com",
  role: "super_admin",
  isActive: true,
  passwordSet: true,
  twoFactorEnabled: false,
  createdAt: "2026-01-05T09:00:00.000Z",
};
const editor: StaffMember = { ...boss, id: "a-ed", userId: "u-ed", name: "Ed Editor", email: "ed@example.com", role: "editor", twoFactorEnabled: true };

/** The Users page's text as staff read it, for `staff` and the answer `reply` to an unconfirmed post. */
function pageText(staff: StaffMember[], reply: UsersActionResult): string {
  const router = createMemoryRouter(
    [{ path: "/admin/users", Component: () => createElement(UsersScreen, { staff, activity: [], currentAdminId: boss.id, requireTwoFactor: false, reply }) }],
    { initialEntries: ["/admin/users"] },
  );
  const html = renderToStaticMarkup(createElement(RouterProvider, { router }));
  router.dispose();
  return html
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, " ");
}

const unconfirmed = (intent: "deactivate" | "reset-two-factor"): UsersActionResult => ({
  ok: false,
  intent,
  message: intent === "deactivate" ? "Confirm the deactivation." : "Confirm the two-factor reset.",
  confirm: { intent, adminId: editor.id },
});

describe("the Users page's answer to an unconfirmed deactivation or two-factor reset", () => {
  it("asks about the member while their row still offers the change", () => {
    expect(pageText([boss, editor], unconfirmed("deactivate"))).toContain("Deactivate Ed Editor?");
    expect(pageText([boss, editor], unconfirmed("reset-two-factor"))).toContain("Reset Ed Editor's two-factor?");
  });

  it("says nothing was changed, and asks nothing, once the member's account changed meanwhile", () => {
    const said = "Nothing was changed: Ed Editor's account changed before you confirmed. Their row shows it as it is now.";
    const deactivated = pageText([boss, { ...editor, isActive: false }], unconfirmed("deactivate"));
    expect(deactivated).toContain(said);
    expect(deactivated).not.toContain("Deactivate Ed Editor?");
    const reset = pageText([boss, { ...editor, twoFactorEnabled: false }], unconfirmed("reset-two-factor"));
    expect(reset).toContain(said);
    expect(reset).not.toContain("Reset Ed Editor's two-factor?");
  });

  it("says the member is no longer listed when they are gone", () => {
    expect(pageText([boss], unconfirmed("deactivate"))).toContain("Nothing was changed: that member of staff is no longer listed.");
  });
});
