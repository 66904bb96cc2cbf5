import { data } from "react-router";
import type { z } from "zod";
import { type ParseOptions, parseSubmission, type Submission } from "./forms";

/**
 * Reads a request's form body (urlencoded or multipart) for an action. A body that cannot be
 * parsed as the form its Content-Type declares (e.g. multipart with a boundary the body never
 * uses) is the client's fault: it throws a 400 response instead of failing the action with a 500.
 * Content types and sizes were already checked by the server (server/request-body.ts).
 */
export async function readFormData(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch (error) {
    if (error instanceof TypeError) throw data("The form could not be read. Please reload the page and try again.", { status: 400 });
    throw error;
  }
}

/**
 * Reads the request's form (see `readFormData`) and checks it with `schema`: the submission of
 * `parseSubmission` (`values` the schema's output, or field errors, the submitted text and a
 * message), with the FormData itself for fields the schema does not cover (`intent`, files).
 */
export async function readSubmission<S extends z.ZodType>(
  request: Request,
  schema: S,
  options?: ParseOptions,
): Promise<Submission<z.output<S>> & { form: FormData }> {
  const form = await readFormData(request);
  return { ...parseSubmission(schema, form, options), form };
}
