import { type TCareerRole, ZCareerRole } from "@resumelens/contract";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";

const ZCareerRoles = ZCareerRole.array();

/** GET /api/career-roles?q=: target roles matching a search (common roles for an empty one). */
export function careerRolesQuery(query: string) {
  return queryOptions<TCareerRole[]>({
    queryKey: [`/api/career-roles?q=${encodeURIComponent(query.trim())}`],
    select: (data) => ZCareerRoles.parse(data),
  });
}

/** Keeps the previous results on screen while the next search loads. */
export function useCareerRoles(query: string, enabled: boolean) {
  return useQuery({ ...careerRolesQuery(query), enabled, placeholderData: keepPreviousData });
}
