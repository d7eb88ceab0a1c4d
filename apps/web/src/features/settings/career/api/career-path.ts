import { type TCareerPath, ZCareerPath } from "@resumelens/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";

/** The role the Career Path tab shows first (docs/product.md#career-path). */
export const DEFAULT_CAREER_ROLE = "software-engineer";

/** GET /api/career-path/{role} through the default fetcher; a malformed answer fails the query. */
export function careerPathQuery(role: string) {
  return queryOptions<TCareerPath>({
    queryKey: [`/api/career-path/${encodeURIComponent(role)}`],
    select: (data) => ZCareerPath.parse(data),
  });
}

export function useCareerPath(role: string) {
  return useQuery(careerPathQuery(role));
}
