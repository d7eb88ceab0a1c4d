import type { TAuthUser } from "@resumelens/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { getQueryFn } from "../query-client.ts";

/** GET /api/auth/user: the signed-in user's profile and plan; null when signed out (401). */
export const currentUserQueryOptions = queryOptions({
  queryKey: ["/api/auth/user"],
  queryFn: getQueryFn<TAuthUser>({ on401: "returnNull" }),
});

export function useCurrentUser(options: { enabled: boolean }) {
  return useQuery({ ...currentUserQueryOptions, enabled: options.enabled });
}
