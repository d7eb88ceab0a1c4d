import type { TSyncUser } from "@resumelens/contract";
import { apiRequest } from "../api-client.ts";

/** POST /api/auth/sync-user: the response is not read (docs/product.md#api-calls). */
export async function syncUser(payload: TSyncUser): Promise<void> {
  await apiRequest("POST", "/api/auth/sync-user", payload);
}

/**
 * Splits a display name into the sync payload's first/last name (docs/product.md#api-calls), each null when
 * missing.
 */
export function splitName(name: string | null | undefined): {
  firstName: string | null;
  lastName: string | null;
} {
  const parts = (name ?? "").trim().split(/\s+/).filter(Boolean);
  const [first, ...rest] = parts;
  return { firstName: first ?? null, lastName: rest.length > 0 ? rest.join(" ") : null };
}
