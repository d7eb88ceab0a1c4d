import { type TAuthUser, type TUpdateProfile, ZUpdateProfile } from "@resumelens/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { currentUserQueryOptions } from "../../../../lib/api/current-user.ts";
import { apiRequest } from "../../../../lib/api-client.ts";

/**
 * PUT /api/user/profile: the payload (docs/product.md#api-calls), trimmed and checked with the contract
 * before sending.
 */
export async function updateProfile(input: TUpdateProfile): Promise<TAuthUser> {
  const res = await apiRequest("PUT", "/api/user/profile", ZUpdateProfile.parse(input));
  return (await res.json()) as TAuthUser;
}

/** Saves the names; success refreshes /api/auth/user (docs/product.md#api-calls). */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: currentUserQueryOptions.queryKey }),
  });
}
