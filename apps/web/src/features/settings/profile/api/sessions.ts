import { type TSignOutOthers, type TUserSessions, ZSignOutOthers, ZUserSessions } from "@resumelens/contract";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../../lib/api-client.ts";

async function fetchSessions(): Promise<TUserSessions> {
  const res = await apiRequest("GET", "/api/user/sessions");
  return ZUserSessions.parse(await res.json());
}

/** GET /api/user/sessions: the browsers signed in to the account, this one first. */
export const sessionsQueryOptions = queryOptions({
  queryKey: ["/api/user/sessions"],
  queryFn: fetchSessions,
});

export function useSessions() {
  return useQuery(sessionsQueryOptions);
}

/** POST /api/user/sessions/sign-out-others: ends every session but this one, then reloads the list. */
export function useSignOutOthers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (): Promise<TSignOutOthers> => {
      const res = await apiRequest("POST", "/api/user/sessions/sign-out-others");
      return ZSignOutOthers.parse(await res.json());
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsQueryOptions.queryKey }),
  });
}
