import { SESSION_DATA_ELEMENT_ID } from "@resumelens/contract";
import type { AuthClient, AuthSessionData } from "./auth-client.ts";

/**
 * What the page said about the session when it loaded: the server puts the visitor's session (or
 * null for a visitor without one) in the app shell (apps/api/src/lib/spa.ts). `known` is false
 * when the page carries nothing usable, e.g. under the Vite dev server: the app then waits for
 * /api/auth/get-session as usual.
 */
export type ShellSession = { known: true; data: AuthSessionData | null } | { known: false };

const DATE_FIELDS = ["createdAt", "updatedAt", "expiresAt"] as const;

function reviveDates(record: Record<string, unknown>): void {
  for (const field of DATE_FIELDS) {
    const value = record[field];
    if (typeof value === "string") record[field] = new Date(value);
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null;

/**
 * Reads the session the server embedded in the page, once: the element is removed from the document.
 * Dates come back as Date objects, as Better Auth's own client parses them.
 */
export function takeShellSession(doc: Document = document): ShellSession {
  const element = doc.getElementById(SESSION_DATA_ELEMENT_ID);
  if (!element) return { known: false };
  element.remove();
  let data: unknown;
  try {
    data = JSON.parse(element.textContent ?? "");
  } catch {
    return { known: false };
  }
  if (data === null) return { known: true, data: null };
  if (!isRecord(data) || !isRecord(data.session) || !isRecord(data.user)) return { known: false };
  reviveDates(data.session);
  reviveDates(data.user);
  return { known: true, data: data as AuthSessionData };
}

/**
 * Starts the client with the page's session, so the first screen renders at once. Better Auth still
 * re-reads the session when the app mounts; a stale one (signed out in another tab) is replaced then.
 */
export function hydrateShellSession(client: AuthClient, doc: Document = document): ShellSession {
  const shell = takeShellSession(doc);
  if (shell.known && shell.data) client.hydrateSession(shell.data);
  return shell;
}
