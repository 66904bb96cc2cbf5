import { data } from "react-router";
import { z } from "zod";
import { auditActor, requireAdmin } from "~/features/auth/guard.server";
import { MANAGER_ROLES } from "~/features/auth/roles";
import { QuestionsScreen } from "~/features/consultations/questions/components/questions-screen";
import { QUESTION_LIMITS, QuestionSchema, type QuestionReply } from "~/features/consultations/questions/question-form";
import { createQuestion, deleteQuestion, listQuestions, moveQuestion, questionType, updateQuestion } from "~/features/consultations/questions/index.server";
import { pageMeta } from "~/features/seo/meta";
import { readFormData } from "~/utils/form-data.server";
import { accept, parseSubmission, refuse, refuseInvalid } from "~/utils/forms";
import type { Route } from "./+types/consultation-questions";

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: "Consultation questions", path: "/admin/site/consultation-types", noIndex: true });

/** Admin > Site > Consultation types > a type's questions, in the wizard's order. Admins and super admins; 404 for an unknown type. */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request, MANAGER_ROLES);
  const type = z.uuid().safeParse(params.typeId).success ? await questionType(params.typeId) : null;
  if (!type) throw data("Consultation type not found", { status: 404 });
  return { type, questions: await listQuestions(type.id) };
}

/**
 * intent create (the question's fields) | update (id + fields) | up | down | delete (id). 400 bad
 * input, 404 an unknown type or question, 409 a type that already asks the most questions.
 */
export async function action({ request, params }: Route.ActionArgs) {
  const session = await requireAdmin(request, MANAGER_ROLES);
  const actor = auditActor(session);
  const form = await readFormData(request);
  const intent = String(form.get("intent") ?? "");
  const typeId = z.uuid().safeParse(params.typeId);
  const id = z.uuid().safeParse(form.get("id"));
  const invalid = () => refuse<QuestionReply>(400, { intent, message: "Invalid request", description: "Reload the page and try again." });
  if (!typeId.success || (intent !== "create" && !id.success)) return invalid();
  let outcome;
  if (intent === "create" || intent === "update") {
    const parsed = parseSubmission(QuestionSchema, form, { message: "Check the highlighted fields" });
    if (!parsed.ok) return refuseInvalid<QuestionReply>(parsed, { intent, id: id.success ? id.data : undefined });
    outcome = intent === "create" ? await createQuestion(actor, typeId.data, parsed.values) : await updateQuestion(actor, id.data!, parsed.values);
  } else if (intent === "up" || intent === "down") {
    outcome = await moveQuestion(actor, id.data!, intent);
  } else if (intent === "delete") {
    outcome = await deleteQuestion(actor, id.data!);
  } else {
    return invalid();
  }
  if (!outcome.ok && outcome.reason === "too_many") {
    return refuse<QuestionReply>(409, { intent, message: "Too many questions", description: `A type asks at most ${QUESTION_LIMITS.perType} questions. Delete one to add another.` });
  }
  if (!outcome.ok) return refuse<QuestionReply>(404, { intent, message: "Question not found", description: "Someone may have deleted it. Reload the page." });
  const messages: Record<string, string> = { create: "Question added", update: "Question saved", up: "Order saved", down: "Order saved", delete: "Question deleted" };
  return accept<QuestionReply>({ intent, message: messages[intent]! });
}

export default function ConsultationQuestions({ loaderData, actionData }: Route.ComponentProps) {
  return <QuestionsScreen type={loaderData.type} questions={loaderData.questions} result={actionData} />;
}
