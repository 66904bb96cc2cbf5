import { useRouteLoaderData } from "react-router";
import type { AdminRole } from "~/features/auth/roles";

/** What the admin layout's loader gives every page inside it. */
export type AdminLayoutData = {
  admin: { id: string; name: string; email: string; role: AdminRole };
  companyName: string;
  counts: { newEnquiries: number; overdueEnquiries: number; pendingBookings: number } | null;
};

/** The signed-in admin (name, e-mail, role) for components inside the admin layout. */
export function useAdmin(): AdminLayoutData["admin"] | null {
  return useRouteLoaderData<AdminLayoutData>("routes/admin/layout")?.admin ?? null;
}
