import { Loader2, LogIn } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { toast } from "~/components/ui/toast";
import { Button } from "~/components/ui/button";
import { Label } from "~/components/ui/label";
import { AuthCard } from "./auth-page-frame";
import { EmailInput } from "./email-input";
import { FormAlert } from "./form-alert";
import { PasskeySignIn } from "./passkey-sign-in";
import { PasswordInput } from "./password-input";
import type { ActionReply } from "~/utils/forms";
import { useAdoptOnHydration, useHydrated } from "~/utils/use-hydrated";

/** The sign-in action's reply: a refusal's `message` is the toast's title, `description` its text. */
export type LoginReply = ActionReply;

/** sessionStorage key: set on submit, read by the admin layout to show 'Login successful'. */
export const LOGIN_TOAST_KEY = "admin-login-toast";

/**
 * The admin login screen: e-mail and password with a
 * show/hide toggle; Sign In disabled while either is empty or a request runs (once JavaScript
 * runs; without it the form posts normally). Errors show as a toast and inline.
 */
export function LoginForm({
  redirectTo,
  passwordSet,
  reply,
}: {
  redirectTo: string;
  passwordSet: boolean;
  reply?: LoginReply;
}) {
  const error = reply && !reply.ok ? reply : null;
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const pending = navigation.state !== "idle" && navigation.formAction?.startsWith("/admin/login") === true;
  const emailId = useId();
  const passwordId = useId();
  const errorId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  // An address and password typed (or filled in by the browser) before JavaScript ran.
  useAdoptOnHydration(formRef, (form) => {
    const data = new FormData(form);
    setEmail(String(data.get("email") ?? ""));
    setPassword(String(data.get("password") ?? ""));
  });

  useEffect(() => {
    if (!error) return;
    window.sessionStorage.removeItem(LOGIN_TOAST_KEY);
    toast.error(error.message, { id: "login-error", description: error.description });
  }, [error]);

  const disabled = hydrated && (email.trim() === "" || password === "" || pending);

  return (
    <AuthCard title="Sign in" description="Use your staff e-mail address and password.">
      {passwordSet ? (
        <FormAlert tone="success">Your password is set. Sign in with your e-mail address and new password.</FormAlert>
      ) : null}

      {error ? (
        <FormAlert tone="error" id={errorId}>
          <span className="font-semibold">{error.message}.</span> {error.description}
        </FormAlert>
      ) : null}

      <Form
        ref={formRef}
        method="post"
        action={`/admin/login${redirectTo !== "/admin/dashboard" ? `?redirectTo=${encodeURIComponent(redirectTo)}` : ""}`}
        className="mt-6 space-y-5"
        onSubmit={() => window.sessionStorage.setItem(LOGIN_TOAST_KEY, "1")}
      >
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <div className="space-y-2">
          <Label htmlFor={emailId}>Email</Label>
          <EmailInput
            id={emailId}
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            aria-describedby={error ? errorId : undefined}
          />
        </div>
        <div className="space-y-2">
          <div className="flex items-baseline justify-between gap-3">
            <Label htmlFor={passwordId}>Password</Label>
            <Link to="/admin/forgot-password" className="text-sm font-medium text-primary hover:underline">
              Forgot password?
            </Link>
          </div>
          <PasswordInput
            id={passwordId}
            name="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </div>
        <Button type="submit" size="lg" className="w-full" disabled={disabled}>
          {pending ? <Loader2 className="animate-spin" aria-hidden /> : <LogIn aria-hidden />}
          {pending ? "Signing in..." : "Sign In"}
        </Button>
      </Form>
      <PasskeySignIn redirectTo={redirectTo} />
      <p className="mt-6 text-xs leading-relaxed text-muted-foreground">
        Need an account? Ask a super admin to invite you.
      </p>
    </AuthCard>
  );
}
