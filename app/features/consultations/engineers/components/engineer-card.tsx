/**
 * The "Consultations you take" card: whether a member of staff takes consultations, which types,
 * their weekly hours (UK time), days off and personal meeting room. On Your account for
 * themselves and on a member of staff's consultations page for admins. Posts
 * `intent=engineer-save` to the page's action (a plain form post without JavaScript).
 */
import { CalendarClock } from "lucide-react";
import { Form, useNavigation } from "react-router";
import { Field } from "~/components/field";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Input, Textarea } from "~/components/ui/input";
import { useReplyToast } from "~/components/use-reply-toast";
import { fieldError, submittedValue } from "~/utils/forms";
import type { EngineerProfile } from "../engineer-profiles.server";
import { ENGINEER_WEEKDAYS, formatDayHours, formatDaysOff, hoursField, type EngineerProfileReply } from "../engineer-schema";

/** The card; `self` words it for the signed-in member (Your account) rather than for an admin. */
export function EngineerCard({
  profile,
  types,
  result,
  self,
}: {
  profile: EngineerProfile;
  types: { id: string; name: string; isActive: boolean }[];
  result: EngineerProfileReply | null | undefined;
  self: boolean;
}) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "engineer-save";
  useReplyToast(result, "engineer");
  const refused = result && !result.ok ? result : null;
  const value = (name: string, fallback: string) => (refused ? (submittedValue(refused, name) ?? "") : fallback);
  const errors = (name: string) => {
    const message = fieldError(refused, name);
    return message ? [message] : undefined;
  };
  const posted = refused?.values?.typeIds;
  const chosen = new Set(refused ? (Array.isArray(posted) ? posted : posted ? [posted] : []) : profile.typeIds);
  const takes = refused ? refused.values?.takesConsultations === "on" : profile.takesConsultations;

  return (
    <Card>
      <CardHeader className="pb-4">
        <CardTitle className="flex items-center gap-2">
          <CalendarClock className="size-5 text-primary" aria-hidden /> {self ? "Consultations you take" : "Consultations"}
        </CardTitle>
        <CardDescription>
          Visitors are offered a time only while someone who takes that consultation type is free: inside their hours, not on a day off,
          not busy in their calendar and not already in another consultation. All times are UK time.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Form method="post" className="grid gap-5" aria-label={self ? "Consultations you take" : "Consultations this person takes"}>
          <input type="hidden" name="intent" value="engineer-save" />
          {refused ? (
            <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-900">
              {refused.message}
            </p>
          ) : null}
          <label className="flex items-start gap-3 text-sm">
            <input type="checkbox" name="takesConsultations" defaultChecked={takes} className="mt-0.5 size-4 accent-primary" />
            <span>
              <span className="font-medium">{self ? "I take consultations" : "Takes consultations"}</span>
              <span className="block text-muted-foreground">Turned off, nobody is offered a time with {self ? "you" : "them"}; bookings already made stay.</span>
            </span>
          </label>

          <fieldset className="grid gap-2">
            <legend className="mb-2 text-sm font-medium">Consultation types</legend>
            {types.length === 0 ? <p className="text-sm text-muted-foreground">No consultation types yet.</p> : null}
            <div className="grid gap-2 sm:grid-cols-2">
              {types.map((t) => (
                <label key={t.id} className="flex items-center gap-2 text-sm">
                  <input type="checkbox" name="typeIds" value={t.id} defaultChecked={chosen.has(t.id)} className="size-4 accent-primary" />
                  {t.name}
                  {t.isActive ? null : <span className="text-muted-foreground">(inactive)</span>}
                </label>
              ))}
            </div>
            {errors("typeIds") ? <p className="text-sm text-destructive">{errors("typeIds")}</p> : null}
          </fieldset>

          <fieldset className="grid gap-3">
            <legend className="mb-1 text-sm font-medium">Working hours (UK time)</legend>
            <p className="text-xs text-muted-foreground">One or more ranges a day, like 09:00-12:30, 13:30-17:00. Leave a day empty when not working.</p>
            <div className="grid gap-3 sm:grid-cols-2">
              {ENGINEER_WEEKDAYS.map(({ weekday, label }) => (
                <Field key={weekday} label={label} errors={errors(hoursField(weekday))}>
                  {(p) => (
                    <Input {...p} name={hoursField(weekday)} defaultValue={value(hoursField(weekday), formatDayHours(profile.hours[weekday] ?? []))} placeholder="Not working" maxLength={200} />
                  )}
                </Field>
              ))}
            </div>
          </fieldset>

          <Field
            label="Days off"
            errors={errors("daysOff")}
            hint="Whole days not worked, one a line: a date as yyyy-mm-dd (for example 2030-08-26) or a range with both days included (for example 2030-12-22 to 2031-01-02)."
          >
            {(p) => <Textarea {...p} name="daysOff" rows={3} defaultValue={value("daysOff", formatDaysOff(profile.daysOff))} />}
          </Field>

          <Field
            label="Personal meeting room"
            errors={errors("meetingRoomUrl")}
            hint="A Teams, Zoom or Google Meet room address (https), used for meeting links when the site settings say so. Leave empty for a Jitsi Meet room per booking."
          >
            {(p) => <Input {...p} name="meetingRoomUrl" type="url" defaultValue={value("meetingRoomUrl", profile.meetingRoomUrl ?? "")} maxLength={300} placeholder="https://" />}
          </Field>

          <div>
            <Button type="submit" disabled={busy}>
              {busy ? "Saving…" : "Save consultations"}
            </Button>
          </div>
        </Form>
      </CardContent>
    </Card>
  );
}
