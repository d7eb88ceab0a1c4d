import { type TPreferences, ZPreferences } from "@resumelens/contract";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../../lib/api-client.ts";

async function fetchPreferences(): Promise<TPreferences> {
  const res = await apiRequest("GET", "/api/user/preferences");
  return ZPreferences.parse(await res.json());
}

/** GET /api/user/preferences */
export const preferencesQueryOptions = queryOptions({
  queryKey: ["/api/user/preferences"],
  queryFn: fetchPreferences,
});

export function usePreferences() {
  return useQuery(preferencesQueryOptions);
}

/** PUT /api/user/preferences: shows the new value at once, and puts the old one back if saving fails. */
export function useUpdatePreferences() {
  const queryClient = useQueryClient();
  const { queryKey } = preferencesQueryOptions;
  return useMutation({
    mutationFn: async (preferences: TPreferences) => {
      const res = await apiRequest("PUT", "/api/user/preferences", preferences);
      return ZPreferences.parse(await res.json());
    },
    onMutate: async (preferences) => {
      await queryClient.cancelQueries({ queryKey });
      const previous = queryClient.getQueryData(queryKey);
      queryClient.setQueryData(queryKey, preferences);
      return { previous };
    },
    onError: (_error, _preferences, context) => {
      if (context?.previous) queryClient.setQueryData(queryKey, context.previous);
    },
    onSuccess: (saved) => queryClient.setQueryData(queryKey, saved),
  });
}
