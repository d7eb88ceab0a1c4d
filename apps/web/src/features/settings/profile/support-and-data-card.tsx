import type { TAuthUser } from "@resumelens/contract";
import { Download, LifeBuoy } from "lucide-react";
import { useState } from "react";
import { Button, buttonClasses } from "../../../components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card.tsx";
import { toast } from "../../../components/ui/use-toast.ts";
import { useSupportEmail } from "../../../lib/api/app-config.ts";
import { errorText } from "../../../lib/api-error.ts";
import { supportMailto } from "../../../lib/support-mailto.ts";
import { downloadMyData } from "./api/export-data.ts";

/** Contact Support (pre-filled email with account and plan) and 'Download my data' (ZIP export). */
export function SupportAndDataCard({ user }: { user: TAuthUser }) {
  const supportEmail = useSupportEmail();
  const [exporting, setExporting] = useState(false);

  async function download() {
    setExporting(true);
    try {
      await downloadMyData();
      toast({ title: "Export Successful", description: "Your data has been downloaded." });
    } catch (error) {
      toast({
        variant: "destructive",
        title: "Export Failed",
        description: errorText(error, { fallback: "Failed to export your data. Please try again." }),
      });
    } finally {
      setExporting(false);
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Support and your data</CardTitle>
        <CardDescription>
          Questions about your account or plan, or a copy of everything we hold about you: your account,
          analyses, payments, LinkedIn import and resumes (as JSON, with the original files).
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-wrap gap-3">
        <a
          className={buttonClasses({ variant: "outline" })}
          href={supportMailto({ supportEmail, accountEmail: user.email, plan: user.subscription })}
        >
          <LifeBuoy aria-hidden="true" />
          Contact Support
        </a>
        <Button
          variant="outline"
          onClick={() => void download()}
          disabled={exporting}
          aria-busy={exporting || undefined}
        >
          <Download aria-hidden="true" />
          {exporting ? "Preparing..." : "Download my data"}
        </Button>
      </CardContent>
    </Card>
  );
}
