import { data } from "react-router";

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
