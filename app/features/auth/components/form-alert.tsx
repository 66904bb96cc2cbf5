import { CircleAlert, CircleCheck } from "lucide-react";

/**
 * The message at the top of a signed-out auth form (login, forgot password, set password, two-factor):
 * red with role "alert" for a problem, green with role "status" for good news.
 */
export function FormAlert({ tone, children, id }: { tone: "error" | "success"; children: React.ReactNode; id?: string }) {
  if (tone === "error") {
    return (
      <div id={id} role="alert" className="mt-5 flex items-start gap-2 rounded-lg bg-red-50 p-3 text-sm text-red-900">
        <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
        <div>{children}</div>
      </div>
    );
  }
  return (
    <div id={id} role="status" className="mt-5 flex items-start gap-2 rounded-lg bg-green-50 p-3 text-sm text-green-900">
      <CircleCheck className="mt-0.5 size-4 shrink-0" aria-hidden />
      <div>{children}</div>
    </div>
  );
}
