import type { TDisableTwoFactor } from "@resumelens/contract";
import { apiRequest } from "../../../../lib/api-client.ts";

/** POST /api/user/two-factor/disable: turns two-factor sign-in off with a current or backup code. */
export async function disableTwoFactor(input: TDisableTwoFactor): Promise<void> {
  await apiRequest("POST", "/api/user/two-factor/disable", input);
}
