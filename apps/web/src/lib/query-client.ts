import { QueryClient, type QueryFunction } from "@tanstack/react-query";

/* The app's React Query client and its default fetcher (docs/product.md#client-behaviour); requests go through ./api-client.ts. */
import { apiFetch } from "./api-client.ts";
import { hasErrorCode } from "./api-error.ts";

export type UnauthorizedBehavior = "returnNull" | "throw";

/** Builds the URL a query key stands for: the first element is the path. */
export function queryKeyToUrl(queryKey: readonly unknown[]): string {
  const path = String(queryKey[0]);
  if (path.includes("/user/analytics") && queryKey.length > 1) {
    const separator = path.includes("?") ? "&" : "?";
    return `${path}${separator}userId=${encodeURIComponent(String(queryKey[1]))}`;
  }
  return path;
}

/** The default fetcher: GET the key's path with cookies; UNAUTHORIZED throws or yields null, as configured. */
export function getQueryFn<T>(options: { on401: UnauthorizedBehavior }): QueryFunction<T | null> {
  return async ({ queryKey }) => {
    try {
      const res = await apiFetch(queryKeyToUrl(queryKey));
      return (await res.json()) as T;
    } catch (error) {
      if (options.on401 === "returnNull" && hasErrorCode(error, "UNAUTHORIZED")) return null;
      throw error;
    }
  };
}

/** No retries, no refetch on focus, and data never goes stale: docs/product.md#client-behaviour. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: "throw" }),
        refetchInterval: false,
        refetchOnWindowFocus: false,
        staleTime: Number.POSITIVE_INFINITY,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}
