import { PlaceholderPage } from "../../components/placeholder-page.tsx";

export default function SettingsPage() {
  return (
    <PlaceholderPage title="Settings" description="Your profile, sign-in methods, career path and plan." />
  );
}
