/**
 * A booking's answers to its type's questions as staff read them (the booking dialog): each
 * question as it was asked, in English, with the answer; a choice answered in another language
 * also shows the words the visitor read and chose. "Not answered" for an optional question left
 * empty. The answers are the booking's own snapshot, whatever the question has become since.
 */
import type { BookingAnswer } from "~/db/schema/consultations";

/** The answers in a definition list, rows drawn by `row` (the dialog's own `InfoRow`). */
export function BookingAnswers({
  answers,
  row: Row,
}: {
  answers: BookingAnswer[];
  row: (props: { label: string; children: React.ReactNode }) => React.ReactNode;
}) {
  return (
    <dl>
      {answers.map((a) => (
        <Row key={a.questionId} label={a.label.en}>
          {a.answer.en ? <span className="whitespace-pre-line">{a.answer.en}</span> : <span className="text-muted-foreground">Not answered</span>}
          {a.answer.asked && a.answer.asked !== a.answer.en ? (
            <span className="mt-0.5 block text-xs text-muted-foreground">
              Asked as “<bdi>{a.label.asked}</bdi>”: <bdi>{a.answer.asked}</bdi>
            </span>
          ) : null}
        </Row>
      ))}
    </dl>
  );
}
