import { Input } from "~/components/ui/input";

/**
 * The sign-in e-mail address field of the signed-out screens (sign in, forgot password): named
 * `email`, required, at most 254 characters, offered the saved username, and never capitalised or
 * spell-checked by phones. Other props (id, value, aria-*) pass through to the input.
 */
export function EmailInput(props: React.ComponentProps<typeof Input>) {
  return (
    <Input
      name="email"
      type="email"
      autoComplete="username"
      inputMode="email"
      autoCapitalize="none"
      spellCheck={false}
      required
      maxLength={254}
      placeholder="you@example.com"
      {...props}
    />
  );
}
