import { PlaceholderPage } from "../../components/placeholder-page.tsx";

export default function CheckoutPage() {
  return <PlaceholderPage title="Complete Your Purchase" description="Lifetime Access: $10, one-time." />;
}
