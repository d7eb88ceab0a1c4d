/** What the /auth page learns from its URL when it loads (docs/product.md#auth). */
export type AuthUrlState = {
  /** A `code` query parameter: we are the return target of a third-party sign-in. */
  isCallback: boolean;
  /** The email/password account and the provider account clash: open the conflict dialog. */
  isAccountConflict: boolean;
  /** An error to show, when it is not a conflict. */
  errorMessage: string | null;
  /** The URL without the auth parameters, or null when nothing needs cleaning. */
  cleanedSearch: string | null;
  cleanedHash: string | null;
};

const AUTH_PARAMS = ["code", "state", "error", "error_description", "error_code"] as const;

/** Friendly texts for the error codes Better Auth appends to its error callback URL. */
const ERROR_CODE_MESSAGES: Record<string, string> = {
  access_denied: "Sign-in was cancelled before it finished.",
  state_mismatch: "The sign-in link expired or was opened in another browser. Please try again.",
  please_restart_the_process: "The sign-in attempt expired. Please try again.",
  invalid_callback_request: "The sign-in response was not valid. Please try again.",
  unable_to_get_user_info: "We could not read your profile from the provider. Please try again.",
  email_not_found:
    "The provider did not share an email address, which ResumeLens needs to create your account.",
  signup_disabled: "New accounts cannot be created with this provider right now.",
};

function isConflict(error: string | null, description: string | null): boolean {
  if (error === "account_not_linked") return true;
  const text = `${description ?? ""} ${error ?? ""}`;
  return text.includes("Multiple accounts") || text.includes("linking_domain");
}

function describeError(error: string | null, description: string | null): string | null {
  if (description) return description;
  if (!error) return null;
  return ERROR_CODE_MESSAGES[error] ?? `Sign-in failed (${error.replace(/_/g, " ")}). Please try again.`;
}

/** Reads `code`, `error` and `error_description` from the query string and the hash. */
export function parseAuthUrl(search: string, hash: string): AuthUrlState {
  const query = new URLSearchParams(search);
  const fragment = new URLSearchParams(hash.startsWith("#") ? hash.slice(1) : hash);

  const error = query.get("error") ?? fragment.get("error");
  const description = query.get("error_description") ?? fragment.get("error_description");
  const isAccountConflict = isConflict(error, description);

  const isCallback = query.has("code");
  const hasAuthQuery = AUTH_PARAMS.some((name) => query.has(name));
  const hasAuthFragment = AUTH_PARAMS.some((name) => fragment.has(name));
  for (const name of AUTH_PARAMS) query.delete(name);
  const rest = query.toString();

  return {
    isCallback,
    isAccountConflict,
    errorMessage: isAccountConflict ? null : describeError(error, description),
    cleanedSearch: hasAuthQuery ? (rest ? `?${rest}` : "") : null,
    // A fragment carrying auth parameters holds nothing else worth keeping.
    cleanedHash: hasAuthFragment ? "" : null,
  };
}
