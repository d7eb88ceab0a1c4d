import { PlaceholderPage } from "../../components/placeholder-page.tsx";

export default function BillingPage() {
  return <PlaceholderPage title="Billing" description="Your plan, this month's usage and your receipts." />;
}
