import { useSearchParams } from "react-router";
import { BackLink } from "../../components/back-link.tsx";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../components/ui/tabs.tsx";
import { usePageTitle } from "../../lib/use-page-title.ts";
import { BillingTab } from "./billing/billing-tab.tsx";
import { CareerPathTab } from "./career/career-path-tab.tsx";
import { LinkedInTab } from "./linkedin/linkedin-tab.tsx";
import { ProfileTab } from "./profile/profile-tab.tsx";

const TABS = [
  { id: "profile", label: "Profile" },
  { id: "linkedin", label: "LinkedIn" },
  { id: "career", label: "Career Path" },
  { id: "billing", label: "Billing" },
] as const;
type TabId = (typeof TABS)[number]["id"];

const isTab = (value: string | null): value is TabId => TABS.some((tab) => tab.id === value);

/**
 * /settings: Profile, LinkedIn, Career Path and Billing (docs/product.md#settings). The tab lives in ?tab= so
 * it can be linked.
 */
export default function SettingsPage() {
  usePageTitle("Settings");
  const [params, setParams] = useSearchParams();
  const requested = params.get("tab");
  const tab: TabId = isTab(requested) ? requested : "profile";

  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-10 sm:px-6 sm:py-14">
      <BackLink />
      <h1 className="text-3xl font-bold sm:text-4xl">Settings</h1>
      <p className="mt-3 max-w-2xl text-lg text-muted-foreground">
        Your profile, sign-in methods, LinkedIn import, career path and plan.
      </p>
      <Tabs
        className="mt-8"
        value={tab}
        onValueChange={(value) =>
          setParams(
            (current) => {
              const next = new URLSearchParams(current);
              if (value === "profile") next.delete("tab");
              else next.set("tab", value);
              return next;
            },
            { replace: true },
          )
        }
      >
        <TabsList className="h-auto flex-wrap sm:h-11 sm:flex-nowrap">
          {TABS.map((item) => (
            <TabsTrigger key={item.id} value={item.id} className="min-h-9">
              {item.label}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="profile" className="mt-6">
          <ProfileTab />
        </TabsContent>
        <TabsContent value="linkedin" className="mt-6">
          <LinkedInTab />
        </TabsContent>
        <TabsContent value="career" className="mt-6">
          <CareerPathTab />
        </TabsContent>
        <TabsContent value="billing" className="mt-6">
          <BillingTab />
        </TabsContent>
      </Tabs>
    </div>
  );
}
