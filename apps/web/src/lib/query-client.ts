import { QueryClient, type QueryFunction } from "@tanstack/react-query";

/*
 * The spec's request helper and default query fetcher (§7).
 *
 * Deliberate difference from the spec: no bearer token and no x-user-id / x-user-email headers.
 * Our API is same-origin and identifies the user from the session cookie only (it never trusts
 * such headers), so every call simply sends credentials.
 */

async function throwIfResNotOk(res: Response): Promise<void> {
  if (!res.ok) {
    const text = (await res.text()) || res.statusText;
    throw new Error(`${res.status}: ${text}`);
  }
}

/** Sends a JSON request with cookies; throws `Error("<status>: <body or status text>")` on a non-2xx answer. */
export async function apiRequest(method: string, url: string, data?: unknown): Promise<Response> {
  const hasBody = data !== undefined;
  const res = await fetch(url, {
    method,
    headers: hasBody ? { "Content-Type": "application/json" } : {},
    body: hasBody ? JSON.stringify(data) : undefined,
    credentials: "include",
  });
  await throwIfResNotOk(res);
  return res;
}

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

/** The default fetcher: GET the key's path with cookies; a 401 throws or yields null, as configured. */
export function getQueryFn<T>(options: { on401: UnauthorizedBehavior }): QueryFunction<T | null> {
  return async ({ queryKey }) => {
    const res = await fetch(queryKeyToUrl(queryKey), { credentials: "include" });
    if (options.on401 === "returnNull" && res.status === 401) return null;
    await throwIfResNotOk(res);
    return (await res.json()) as T;
  };
}

/** No retries, no refetch on focus, and data never goes stale: the spec's client behaviour. */
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
