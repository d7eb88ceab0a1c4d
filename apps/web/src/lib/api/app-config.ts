import { SUPPORT_EMAIL, type TAppConfig, ZAppConfig } from "@resumelens/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "../api-client.ts";

/** What we assume when /api/config cannot be read: nothing optional is configured. */
export const FALLBACK_APP_CONFIG: TAppConfig = {
  socialProviders: [],
  oidcProvider: null,
  supportEmail: SUPPORT_EMAIL,
  paymentMode: "test",
  stripePublishableKey: null,
};

async function fetchAppConfig(): Promise<TAppConfig> {
  const res = await apiRequest("GET", "/api/config");
  return ZAppConfig.parse(await res.json());
}

/** GET /api/config */
export const appConfigQueryOptions = queryOptions({ queryKey: ["/api/config"], queryFn: fetchAppConfig });

/** The deployment's config, or the fallback while loading or when the server cannot be reached. */
export function useAppConfig(): { config: TAppConfig; isLoading: boolean } {
  const { data, isLoading } = useQuery(appConfigQueryOptions);
  return { config: data ?? FALLBACK_APP_CONFIG, isLoading };
}

/** The support address to show: the deployment's, else the product's. */
export function useSupportEmail(): string {
  return useAppConfig().config.supportEmail || SUPPORT_EMAIL;
}
