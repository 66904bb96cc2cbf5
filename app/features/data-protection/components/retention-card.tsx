/**
 * The retention periods card of the Data protection screen: a form for super admins,
 * the same values read-only for admins, and when the daily job last ran.
 */
import { Clock, Save } from "lucide-react";
import { Form, useNavigation } from "react-router";
import { Field } from "~/components/field";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { RETENTION_LIMITS } from "~/utils/domain";
import type { RetentionPeriods } from "../schema";
import { describePeriod, formatUkDateTime24 } from "~/utils/format";
import type { SubmittedValues } from "~/utils/forms";

const FIELDS: { key: keyof RetentionPeriods; label: string; unit: "day" | "month"; hint: string }[] = [
  { key: "spamDays", label: "Spam submissions (days)", unit: "day", hint: "Deleted after this many days." },
  {
    key: "recordsMonths",
    label: "Closed enquiries and finished bookings (months)",
    unit: "month",
    hint: "Anonymised this long after they were closed, held or cancelled.",
  },
  {
    key: "emailBodyDays",
    label: "Finished webhook events (days)",
    unit: "day",
    hint: "Webhook events delivered or given up are deleted with their log after this many days. E-mail content is erased as soon as it is delivered.",
  },
  {
    key: "analyticsRawDays",
    label: "Analytics page views (days)",
    unit: "day",
    hint: "Single page views are folded into daily totals after this many days; the day's visitor codes go with them.",
  },
  {
    key: "analyticsMonths",
    label: "Analytics daily totals (months)",
    unit: "month",
    hint: "Daily totals and counts of enquiries and bookings are deleted after this many months.",
  },
  {
    key: "waitingListDays",
    label: "Waiting-list entries (days)",
    unit: "day",
    hint: "A visitor on a waiting list is offered times for this many days after joining; the entry is then deleted.",
  },
];


export function RetentionCard({
  retention,
  lastRun,
  canEdit,
  errors,
  values,
}: {
  retention: RetentionPeriods;
  lastRun: { runOn: string; startedAt: string } | null;
  canEdit: boolean;
  errors: Partial<Record<keyof RetentionPeriods, string[]>>;
  values: SubmittedValues | null;
}) {
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "retention";
  const lastRunText = lastRun ? `Last applied ${formatUkDateTime24(lastRun.startedAt)} (UK time).` : "Not applied yet: the job runs once a day.";
  return (
    <Card>
      <CardHeader className="pb-4">
        <CardTitle className="flex items-center gap-2 text-base">
          <Clock className="size-5 text-primary" aria-hidden />
          Retention periods
        </CardTitle>
        <CardDescription>Applied automatically once a day. The privacy policy states these periods.</CardDescription>
      </CardHeader>
      <CardContent>
        {canEdit ? (
          <Form method="post" className="space-y-4">
            <input type="hidden" name="intent" value="retention" />
            {FIELDS.map((f) => (
              <Field key={f.key} label={f.label} errors={errors[f.key]} hint={f.hint} required>
                {(p) => (
                  <Input
                    {...p}
                    name={f.key}
                    type="number"
                    inputMode="numeric"
                    min={RETENTION_LIMITS[f.key].min}
                    max={RETENTION_LIMITS[f.key].max}
                    defaultValue={values?.[f.key] ?? String(retention[f.key])}
                    required
                  />
                )}
              </Field>
            ))}
            <Button type="submit" disabled={saving} className="w-full sm:w-auto">
              <Save aria-hidden /> {saving ? "Saving..." : "Save retention periods"}
            </Button>
          </Form>
        ) : (
          <dl className="space-y-3 text-sm">
            {FIELDS.map((f) => (
              <div key={f.key} className="flex items-baseline justify-between gap-4">
                <dt className="text-muted-foreground">{f.label.replace(/ \((days|months)\)$/, "")}</dt>
                <dd className="font-medium whitespace-nowrap">{describePeriod(retention[f.key], f.unit)}</dd>
              </div>
            ))}
            <p className="pt-1 text-xs text-muted-foreground">Only a super admin can change these.</p>
          </dl>
        )}
        <p className="mt-4 text-xs text-muted-foreground">{lastRunText}</p>
      </CardContent>
    </Card>
  );
}
