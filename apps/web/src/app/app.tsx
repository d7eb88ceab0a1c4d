import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { lazy, type ReactNode, Suspense } from "react";
import { BrowserRouter } from "react-router";
import { AuthProvider } from "../features/auth/auth-provider.tsx";
import { type AuthClient, authClient } from "../lib/auth-client.ts";
import { createQueryClient } from "../lib/query-client.ts";
import { AppRoutes } from "./router.tsx";

// Toasts only appear after an interaction, so their code loads beside the page instead of in it.
const Toaster = lazy(() => import("../components/ui/toaster.tsx").then((m) => ({ default: m.Toaster })));

export type AppProvidersProps = {
  children: ReactNode;
  queryClient: QueryClient;
  authClient: AuthClient;
};

/** Everything the screens need around them; must sit inside a router (auth navigates on sign-out). */
export function AppProviders({ children, queryClient, authClient: client }: AppProvidersProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider client={client}>
        {children}
        <Suspense fallback={null}>
          <Toaster />
        </Suspense>
      </AuthProvider>
    </QueryClientProvider>
  );
}

const queryClient = createQueryClient();

export function App() {
  return (
    <BrowserRouter>
      <AppProviders queryClient={queryClient} authClient={authClient}>
        <AppRoutes />
      </AppProviders>
    </BrowserRouter>
  );
}
