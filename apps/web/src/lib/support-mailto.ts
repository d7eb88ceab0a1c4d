/** A pre-filled email to support naming the account and its plan (docs/product.md#settings). */
export function supportMailto({
  supportEmail,
  accountEmail,
  plan,
}: {
  supportEmail: string;
  accountEmail: string | null | undefined;
  plan: "free" | "lifetime" | null | undefined;
}): string {
  const subject = "ResumeLens support request";
  const planName = plan === "lifetime" ? "Lifetime" : plan === "free" ? "Free" : "Unknown";
  const body = [
    "Hello ResumeLens support,",
    "",
    "",
    "",
    "---",
    `Account email: ${accountEmail || "Unknown"}`,
    `Plan: ${planName}`,
  ].join("\n");
  return `mailto:${supportEmail}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}
