import { lazy } from "react";
import { Navigate, Outlet, Route, Routes } from "react-router";
import { FullPageSpinner } from "../components/ui/spinner.tsx";
import { useAuth } from "../features/auth/auth-provider.tsx";
import { LandingPage } from "../features/landing/landing-page.tsx";
import { NotFoundPage } from "../features/not-found/not-found-page.tsx";
import { AppLayout } from "./layout/app-layout.tsx";

// The landing page is the entry point; everything else loads on demand to keep it small.
const AuthPage = lazy(() =>
  import("../features/auth/components/auth-page.tsx").then((m) => ({ default: m.AuthPage })),
);
const PricingPage = lazy(() => import("../features/pricing/pricing-page.tsx"));
const PrivacyPage = lazy(() => import("../features/legal/privacy-page.tsx"));
const AboutPage = lazy(() => import("../features/legal/about-page.tsx"));
const AnalyzerPage = lazy(() => import("../features/analyzer/analyzer-page.tsx"));
const HistoryPage = lazy(() => import("../features/history/history-page.tsx"));
const SettingsPage = lazy(() => import("../features/settings/settings-page.tsx"));
const BillingPage = lazy(() => import("../features/billing/billing-page.tsx"));
const CheckoutPage = lazy(() => import("../features/checkout/checkout-page.tsx"));
const AnalysisPage = lazy(() => import("../features/analysis/analysis-page.tsx"));

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
        <Route path="pricing" element={<PricingPage />} />
        <Route path="privacy" element={<PrivacyPage />} />
        <Route path="about" element={<AboutPage />} />
        <Route element={<RequireAuth />}>
          <Route path="history" element={<HistoryPage />} />
          <Route path="settings" element={<SettingsPage />} />
          <Route path="billing" element={<BillingPage />} />
          <Route path="checkout" element={<CheckoutPage />} />
          <Route path="analysis/:id" element={<AnalysisPage />} />
        </Route>
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
