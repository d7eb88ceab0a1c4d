import { CheckCircle2, Lightbulb, ListChecks } from "lucide-react";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/card.tsx";

const WHAT_YOU_GET = [
  "An overall match score for this job",
  "Matched skills and the skills gap",
  "An ATS check with found and missing keywords",
  "How your experience compares with the requirements",
  "Concrete recommendations to improve your resume",
];

const PRO_TIPS = [
  "Paste the whole job posting, requirements included: the match is only as good as the description.",
  "A .txt or text-based PDF reads most reliably; scanned images contain no text to analyze.",
  "Run one analysis per job you apply for: the same resume scores differently against different roles.",
  "Treat the score as a guide, not a verdict. Add only skills and keywords you can back up in an interview.",
];

export function WhatYouGetCard() {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2" className="flex items-center gap-2">
          <ListChecks aria-hidden="true" className="size-5 text-primary" />
          What You'll Get
        </CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="flex flex-col gap-2 text-sm">
          {WHAT_YOU_GET.map((item) => (
            <li key={item} className="flex items-start gap-2">
              <CheckCircle2 aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-success" />
              {item}
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

export function ProTipsCard() {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2" className="flex items-center gap-2">
          <Lightbulb aria-hidden="true" className="size-5 text-accent" />
          Pro Tips
        </CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="flex list-disc flex-col gap-2 pl-5 text-sm text-muted-foreground">
          {PRO_TIPS.map((tip) => (
            <li key={tip}>{tip}</li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
