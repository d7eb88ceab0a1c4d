import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { lazy, type ReactNode, Suspense, useEffect, useState } from "react";
import { BrowserRouter } from "react-router";
import { AppErrorBoundary } from "../components/error-boundary.tsx";
import { useToast } from "../components/ui/use-toast.ts";
import { AuthProvider } from "../lib/auth/auth-provider.tsx";
import { type AuthClient, authClient, shellSession } from "../lib/auth-client.ts";
import { loadChunk } from "../lib/lazy-page.ts";
import { createQueryClient } from "../lib/query-client.ts";
import { AppRoutes } from "./router.tsx";

// Toasts only appear after an interaction: their code (Radix Toast and its layers) loads with the
// first toast, not with the page.
const Toaster = lazy(() =>
  loadChunk(() => import("../components/ui/toaster.tsx")).then((m) => ({ default: m.Toaster })),
);

/** Mounts the toaster once the first toast is raised, and keeps it mounted from then on. */
function DeferredToaster() {
  const { toasts } = useToast();
  const [needed, setNeeded] = useState(false);
  useEffect(() => {
    if (toasts.length > 0) setNeeded(true);
  }, [toasts.length]);
  if (!needed && toasts.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}

export type AppProvidersProps = {
  children: ReactNode;
  queryClient: QueryClient;
  authClient: AuthClient;
  /** The page already said who is signed in (see AuthProvider). */
  sessionKnown?: boolean;
};

/**
 * Everything the screens need around them; must sit inside a router (auth navigates on sign-out).
 * The app-level error boundary is outermost: a crash in a provider still shows a screen, not white.
 */
export function AppProviders({ children, queryClient, authClient: client, sessionKnown }: AppProvidersProps) {
  return (
    <AppErrorBoundary>
      <QueryClientProvider client={queryClient}>
        <AuthProvider client={client} sessionKnown={sessionKnown}>
          {children}
          <DeferredToaster />
        </AuthProvider>
      </QueryClientProvider>
    </AppErrorBoundary>
  );
}

const queryClient = createQueryClient();

export function App() {
  return (
    <BrowserRouter>
      <AppProviders queryClient={queryClient} authClient={authClient} sessionKnown={shellSession.known}>
        <AppRoutes />
      </AppProviders>
    </BrowserRouter>
  );
}
