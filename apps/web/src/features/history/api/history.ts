import type { THistoryItem } from "@resumelens/contract";
import { useInfiniteQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client.ts";

/** GET /api/user/analyses (docs/product.md#history-limits). */
export const HISTORY_QUERY_KEY = ["/api/user/analyses"] as const;

/** One page of history: its items and the address of the next page, if the server has more. */
export type HistoryPage = { items: THistoryItem[]; next: string | null };

/**
 * The next page's address from the server's `Link: <…>; rel="next"` header. Only our own history
 * path is followed, whatever the header says.
 */
export function nextPageUrl(link: string | null): string | null {
  const match = link ? /<([^>]+)>\s*;\s*rel="next"/.exec(link) : null;
  const url = match?.[1];
  return url?.startsWith("/api/user/analyses?") ? url : null;
}

/** Fetches one page of history (the server answers at most 100 items, 50 by default). */
export async function fetchHistoryPage(url: string): Promise<HistoryPage> {
  const response = await apiRequest("GET", url);
  return {
    items: (await response.json()) as THistoryItem[],
    next: nextPageUrl(response.headers.get("link")),
  };
}

function time(item: THistoryItem): number {
  const t = Date.parse(item.createdAt);
  return Number.isNaN(t) ? 0 : t;
}

/** Newest first, whatever order the server answered in. */
export function newestFirst(items: readonly THistoryItem[]): THistoryItem[] {
  return [...items].sort((a, b) => time(b) - time(a));
}

/** Oldest first: the order a trend is read in. */
export function oldestFirst(items: readonly THistoryItem[]): THistoryItem[] {
  return [...items].sort((a, b) => time(a) - time(b));
}

/** The history pages loaded so far, as one list newest first; `fetchNextPage` loads the next. */
export function useHistory() {
  return useInfiniteQuery({
    queryKey: HISTORY_QUERY_KEY,
    queryFn: ({ pageParam }) => fetchHistoryPage(pageParam),
    initialPageParam: HISTORY_QUERY_KEY[0] as string,
    getNextPageParam: (last: HistoryPage) => last.next ?? undefined,
    select: (data) => newestFirst(data.pages.flatMap((page) => page.items)),
  });
}

/** DELETE /api/analysis/{id}; throws an ApiError on a refusal. */
export async function deleteAnalysis(id: number): Promise<void> {
  await apiRequest("DELETE", `/api/analysis/${id}`);
}

/** The first ~140 characters of a job description, cut at a word where possible. */
export function excerpt(text: string, max = 140): string {
  const clean = text.replace(/\s+/g, " ").trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max);
  const space = cut.lastIndexOf(" ");
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}...`;
}

/** Analyses for one job title: the only ones whose scores can be compared as a trend. */
export type RoleGroup = { key: string; label: string; items: THistoryItem[] };

/** The label for analyses whose posting named no recognisable job title. */
export const UNTITLED_ROLE = "Jobs without a recognisable title";

/** A title's grouping key: case, punctuation and spacing do not make a different role. */
export function roleKey(title: string | null): string {
  return title
    ? title
        .toLowerCase()
        .replace(/[^\p{L}\p{N}]+/gu, " ")
        .trim()
    : "";
}

/**
 * The analyses grouped by job title, each group oldest first; groups ordered by their latest
 * analysis, newest first, so the first is the role the user is working on now.
 */
export function groupByRole(items: readonly THistoryItem[]): RoleGroup[] {
  const groups = new Map<string, RoleGroup>();
  for (const item of oldestFirst(items)) {
    const key = roleKey(item.jobTitle);
    const group = groups.get(key) ?? { key, label: item.jobTitle ?? UNTITLED_ROLE, items: [] };
    group.items.push(item);
    groups.set(key, group);
  }
  return [...groups.values()].sort((a, b) => {
    const last = (group: RoleGroup) => time(group.items.at(-1) as THistoryItem);
    return last(b) - last(a);
  });
}

/** The group shown first: the role with the most analyses to compare; of equals, the latest. */
export function defaultRole(groups: readonly RoleGroup[]): RoleGroup | undefined {
  // The job with the most analyses (the first of equals, in the groups' order): the longest trend.
  return groups.reduce<RoleGroup | undefined>(
    (best, group) => (best === undefined || group.items.length > best.items.length ? group : best),
    undefined,
  );
}
