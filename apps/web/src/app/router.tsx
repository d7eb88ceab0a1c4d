import { Navigate, Outlet, Route, Routes } from "react-router";
import { FullPageSpinner } from "../components/ui/spinner.tsx";
import { useAuth } from "../features/auth/auth-provider.tsx";
import { LandingPage } from "../features/landing/landing-page.tsx";
import { NotFoundPage } from "../features/not-found/not-found-page.tsx";
import { type LazyPage, lazyPage } from "../lib/lazy-page.ts";
import { AppLayout } from "./layout/app-layout.tsx";

// The landing page is the entry point; everything else loads on demand to keep it small.
const AuthPage = lazyPage(() =>
  import("../features/auth/components/auth-page.tsx").then((m) => ({ default: m.AuthPage })),
);
const AnalyzerPage = lazyPage(() => import("../features/analyzer/analyzer-page.tsx"));
const AnalysisPage = lazyPage(() => import("../features/analysis/analysis-page.tsx"));

/** Pages anyone may open. */
const PUBLIC_PAGES: Record<string, LazyPage> = {
  pricing: lazyPage(() => import("../features/pricing/pricing-page.tsx")),
  privacy: lazyPage(() => import("../features/legal/privacy-page.tsx")),
  about: lazyPage(() => import("../features/legal/about-page.tsx")),
};
/** Pages for signed-in users; visitors are sent to /auth. */
const PRIVATE_PAGES: Record<string, LazyPage> = {
  history: lazyPage(() => import("../features/history/history-page.tsx")),
  settings: lazyPage(() => import("../features/settings/settings-page.tsx")),
  billing: lazyPage(() => import("../features/billing/billing-page.tsx")),
  checkout: lazyPage(() => import("../features/checkout/checkout-page.tsx")),
};
const ANALYSIS_PATH = /^\/analysis\/\d+\/?$/;

/**
 * The on-demand page a path shows, for a signed-in user or a visitor; null for pages in the entry
 * bundle (landing, 404) and for paths that redirect.
 */
export function pageFor(pathname: string, signedIn: boolean): LazyPage | null {
  const segment = pathname.replace(/^\/+|\/+$/g, "");
  if (segment === "") return signedIn ? AnalyzerPage : null;
  if (segment === "auth") return signedIn ? null : AuthPage;
  const publicPage = PUBLIC_PAGES[segment];
  if (publicPage) return publicPage;
  if (!signedIn) return null;
  if (ANALYSIS_PATH.test(pathname)) return AnalysisPage;
  return PRIVATE_PAGES[segment] ?? null;
}

/**
 * Loads the code of the page a path shows. The app awaits it before its first render when the page
 * said who is signed in, so the first screen appears whole instead of after a loading spinner.
 * A failed load is left to the render, which retries it.
 */
export function preloadRoute(pathname: string, signedIn: boolean): Promise<void> {
  return (
    pageFor(pathname, signedIn)
      ?.preload()
      .catch(() => undefined) ?? Promise.resolve()
  );
}

/** Signed-in users only; visitors go to /auth. */
function RequireAuth() {
  const { isAuthenticated } = useAuth();
  if (!isAuthenticated) return <Navigate to="/auth" replace />;
  return <Outlet />;
}

/** Visitors only; signed-in users go to /. */
function AnonymousOnly() {
  const { isAuthenticated } = useAuth();
  if (isAuthenticated) return <Navigate to="/" replace />;
  return <Outlet />;
}

/** "/": the landing page for visitors, the analyzer for signed-in users. */
function Home() {
  const { isAuthenticated } = useAuth();
  return isAuthenticated ? <AnalyzerPage /> : <LandingPage />;
}

/** The spec's route table (§2). Nothing renders until the first session check is done. */
export function AppRoutes() {
  const { isLoading } = useAuth();
  if (isLoading) return <FullPageSpinner />;
  return (
    <Routes>
      <Route element={<AppLayout />}>
        <Route index element={<Home />} />
        <Route element={<AnonymousOnly />}>
          <Route path="auth" element={<AuthPage />} />
        </Route>
        {Object.entries(PUBLIC_PAGES).map(([path, Page]) => (
          <Route key={path} path={path} element={<Page />} />
        ))}
        <Route element={<RequireAuth />}>
          {Object.entries(PRIVATE_PAGES).map(([path, Page]) => (
            <Route key={path} path={path} element={<Page />} />
          ))}
          <Route path="analysis/:id" element={<AnalysisPage />} />
        </Route>
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
