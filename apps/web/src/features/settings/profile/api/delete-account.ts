import type { TDeleteAccount } from "@resumelens/contract";
import { apiRequest } from "../../../../lib/api-client.ts";

/** DELETE /api/user: erases the account; the server also ends the session. */
export async function deleteAccount(input: TDeleteAccount): Promise<void> {
  await apiRequest("DELETE", "/api/user", input);
}
