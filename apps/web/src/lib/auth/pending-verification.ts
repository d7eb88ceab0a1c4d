import { useSyncExternalStore } from "react";

/**
 * The address that still has to be confirmed after sign-up, and when its last confirmation mail
 * went out (for the resend cooldown). Kept in localStorage so the reminder survives a reload or a
 * new tab until the person opens the link and signs in.
 */
export type PendingVerification = { email: string; sentAt: number };

/** Seconds between two confirmation mails asked for from the reminder. */
export const RESEND_COOLDOWN_SECONDS = 60;

const KEY = "resumelens.pending-verification";
const listeners = new Set<() => void>();
let cached: { raw: string | null; value: PendingVerification | null } = { raw: null, value: null };

function read(): PendingVerification | null {
  let raw: string | null = null;
  try {
    raw = localStorage.getItem(KEY);
  } catch {
    return memory;
  }
  if (raw === cached.raw) return cached.value;
  let value: PendingVerification | null = null;
  try {
    const parsed = raw ? (JSON.parse(raw) as Partial<PendingVerification>) : null;
    if (parsed && typeof parsed.email === "string" && typeof parsed.sentAt === "number")
      value = { email: parsed.email, sentAt: parsed.sentAt };
  } catch {
    value = null;
  }
  cached = { raw, value };
  return value;
}

// Without storage (private mode), the reminder lasts as long as the page.
let memory: PendingVerification | null = null;

function write(value: PendingVerification | null): void {
  memory = value;
  try {
    if (value) localStorage.setItem(KEY, JSON.stringify(value));
    else localStorage.removeItem(KEY);
  } catch {
    // memory above is the fallback
  }
  for (const listener of listeners) listener();
}

/** Remembers that a confirmation mail just went to `email`. */
export function rememberPendingVerification(email: string, sentAt = Date.now()): void {
  write({ email: email.trim(), sentAt });
}

/** The address is confirmed (or the person chose another): the reminder goes. */
export function clearPendingVerification(): void {
  if (read() !== null || memory !== null) write(null);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === KEY) listener();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

/** The pending confirmation, kept in step across tabs. */
export function usePendingVerification(): PendingVerification | null {
  return useSyncExternalStore(subscribe, read, () => null);
}
