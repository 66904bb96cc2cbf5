import { Field } from "~/components/field";
import { Input } from "~/components/ui/input";
import type { FieldErrors } from "~/utils/forms";
import { usePageLanguage } from "~/utils/i18n";
import { m } from "~/utils/paraglide/messages";

/**
 * A visitor's name and e-mail address (`name`, `email`), both required, as the wizard's details
 * step and the waiting list's join form ask them: two fields for the caller's grid, their labels
 * and the browser check's messages in the page's language, `name` and `email` their first values.
 */
export function NameEmailFields({ name, email, errors }: { name: string; email: string; errors?: FieldErrors }) {
  const locale = { locale: usePageLanguage() };
  return (
    <>
      <Field label={m.field_full_name({}, locale)} required errors={errors?.name}>
        {(p) => (
          <Input
            {...p}
            name="name"
            defaultValue={name}
            autoComplete="name"
            required
            maxLength={120}
            data-msg-required={m.validation_name_required({}, locale)}
            data-msg-too-long={m.validation_name_too_long({}, locale)}
          />
        )}
      </Field>
      <Field label={m.field_email_address({}, locale)} required errors={errors?.email}>
        {(p) => (
          <Input
            {...p}
            type="email"
            dir="ltr"
            name="email"
            defaultValue={email}
            autoComplete="email"
            required
            maxLength={254}
            data-msg-required={m.validation_email_required({}, locale)}
            data-msg-email={m.validation_email_invalid({}, locale)}
            data-msg-too-long={m.validation_email_too_long({}, locale)}
          />
        )}
      </Field>
    </>
  );
}
