import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../../lib/api-client.ts";

/** The target role the user chose in the Career Path tab, remembered on their profile. */
export type CareerTarget = { role: string | null };

/** The answer's role when it is a role slug; anything else reads as none chosen. */
function parseTarget(body: unknown): CareerTarget {
  const role = (body as { role?: unknown } | null)?.role;
  return { role: typeof role === "string" && /^[a-z0-9-]{1,120}$/.test(role) ? role : null };
}

/** GET /api/career-role */
export const careerTargetQuery = queryOptions({
  queryKey: ["/api/career-role"],
  queryFn: async (): Promise<CareerTarget> => {
    const res = await apiRequest("GET", "/api/career-role");
    return parseTarget(await res.json());
  },
});

export function useCareerTarget() {
  return useQuery(careerTargetQuery);
}

/** PUT /api/career-role: shows the new role at once and keeps it if saving fails (the roadmap
 *  itself still loads; only remembering it for next time is lost). */
export function useSaveCareerTarget() {
  const queryClient = useQueryClient();
  const { queryKey } = careerTargetQuery;
  return useMutation({
    mutationFn: async (role: string) => {
      const res = await apiRequest("PUT", "/api/career-role", { role });
      return parseTarget(await res.json());
    },
    onMutate: async (role) => {
      await queryClient.cancelQueries({ queryKey });
      queryClient.setQueryData(queryKey, { role });
    },
  });
}
