import type { Submission } from "@conform-to/react";
import { data } from "react-router";
import type { ApiFail } from "./api.server.ts";

/**
 * The one way an action answers a failed API call: the API's per-field messages (already in the
 * user's language) go next to the fields, anything else above the form; what was typed stays.
 * Passwords are never sent back.
 */
export function replyWithApiError(submission: Submission<unknown>, failure: ApiFail, hideFields: string[] = ["password", "new_password", "password_confirmation"]) {
  const fieldErrors = failure.fieldErrors ?? {};
  const formErrors = fieldErrors._form ?? (failure.fieldErrors ? [] : [failure.message]);
  const { _form: _, ...fields } = fieldErrors;
  return data(submission.reply({ fieldErrors: fields, formErrors, hideFields }), { status: failure.code === 0 ? 503 : 400 });
}
