import { LIMITS } from "@resumelens/contract";
import {
  ArrowRight,
  Briefcase,
  ChartColumn,
  FileArchive,
  Import,
  Lightbulb,
  type LucideIcon,
  Quote,
  Route,
  ScanText,
  Sparkles,
  Target,
  TrendingUp,
  Upload,
} from "lucide-react";
import { Link } from "react-router";
import { PlanCard } from "../../components/plan-card.tsx";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { PLANS } from "../../lib/plans.ts";
import { usePageTitle } from "../../lib/use-page-title.ts";
import { RotatingHeadline } from "./rotating-headline.tsx";

type Feature = { icon: LucideIcon; title: string; text: string };

const FEATURES: Feature[] = [
  {
    icon: Target,
    title: "Skills matching",
    text: "See which of the job's required and preferred skills your resume shows, and which are missing.",
  },
  {
    icon: ScanText,
    title: "ATS review",
    text: "Spot layout and formatting choices that applicant tracking systems struggle with, each with a fix.",
  },
  {
    icon: TrendingUp,
    title: "Market positioning",
    text: "Understand how your experience level and background line up with the role you are targeting.",
  },
  {
    icon: Briefcase,
    title: "Experience-gap review",
    text: "Compare your years and kinds of experience with what the job description asks for.",
  },
  {
    icon: Lightbulb,
    title: "Improvement recommendations",
    text: "Specific changes, ordered by impact, that you can make before you apply.",
  },
  {
    icon: ChartColumn,
    title: "Score breakdown",
    text: "An overall match score with the parts that make it up, so you know why you got it.",
  },
  {
    icon: FileArchive,
    title: "ZIP export of reports",
    text: "Download an analysis as a report package to keep, print or share with a mentor.",
  },
  {
    icon: Route,
    title: "Career roadmap",
    text: "Skills to build next and typical salary ranges from public labour-market data.",
  },
  {
    icon: Import,
    title: "LinkedIn import",
    text: "Bring in your LinkedIn profile from its data export to enrich your analysis.",
  },
];

const STEPS = [
  {
    icon: Upload,
    title: "Upload your resume and paste the job description",
    text: "PDF, DOC, DOCX or TXT up to 5 MB, or paste your resume as text.",
  },
  {
    icon: Sparkles,
    title: "AI analysis",
    text: "ResumeLens reads both documents and compares skills, experience and ATS readiness.",
  },
  {
    icon: ChartColumn,
    title: "Get results",
    text: "A score with its breakdown, the gaps that matter and clear recommendations to act on.",
  },
];

const TESTIMONIALS = [
  {
    name: "Maya R.",
    role: "Marketing coordinator",
    quote:
      "Seeing the exact skills the posting asked for next to the ones my resume showed made it obvious what to rewrite first.",
  },
  {
    name: "Daniel K.",
    role: "Junior software developer",
    quote:
      "The ATS review caught that my two-column layout could scramble my contact details. Easy fix once I knew.",
  },
  {
    name: "Priya S.",
    role: "Career changer, operations to data",
    quote: "The experience-gap view helped me describe my transferable experience instead of hiding it.",
  },
];

function SectionHeading({
  id,
  eyebrow,
  title,
  text,
}: {
  id: string;
  eyebrow: string;
  title: string;
  text?: string;
}) {
  return (
    <div className="mx-auto max-w-2xl text-center">
      <p className="text-sm font-semibold uppercase tracking-wider text-primary">{eyebrow}</p>
      <h2 id={id} className="mt-2 text-3xl font-bold sm:text-4xl">
        {title}
      </h2>
      {text ? <p className="mt-4 text-lg text-muted-foreground">{text}</p> : null}
    </div>
  );
}

/** An illustration of what a report contains; labelled as an example so nobody mistakes it for data. */
function ReportPreview() {
  const matched = ["React", "TypeScript", "REST APIs", "Testing"];
  const missing = ["GraphQL", "AWS"];
  return (
    <figure className="relative mx-auto w-full max-w-md">
      <div
        aria-hidden="true"
        className="absolute -inset-4 -z-10 rounded-[2rem] bg-gradient-to-br from-indigo-200 via-violet-200 to-transparent opacity-70 blur-2xl"
      />
      <Card className="p-6 shadow-elevated">
        <div className="flex items-center justify-between">
          <p className="text-sm font-semibold">Analysis summary</p>
          <Badge variant="muted">Example</Badge>
        </div>
        <div className="mt-5 flex items-center gap-5">
          <div
            className="relative flex size-24 shrink-0 items-center justify-center rounded-full"
            style={{ background: "conic-gradient(#4f46e5 0 72%, #e2e8f0 72% 100%)" }}
          >
            <div className="flex size-19 flex-col items-center justify-center rounded-full bg-background">
              <span className="text-2xl font-bold">72</span>
              <span className="text-[10px] font-medium uppercase tracking-wide text-muted-foreground">
                score
              </span>
            </div>
          </div>
          <div className="space-y-1">
            <p className="font-semibold text-foreground">Good Match</p>
            <p className="text-sm text-muted-foreground">4 of 6 required skills found. 3 recommendations.</p>
          </div>
        </div>
        <div className="mt-6 space-y-3">
          <div>
            <p className="mb-2 text-xs font-semibold uppercase tracking-wide text-muted-foreground">
              Matched skills
            </p>
            <div className="flex flex-wrap gap-1.5">
              {matched.map((skill) => (
                <Badge key={skill} variant="secondary">
                  {skill}
                </Badge>
              ))}
            </div>
          </div>
          <div>
            <p className="mb-2 text-xs font-semibold uppercase tracking-wide text-muted-foreground">
              Skills gap
            </p>
            <div className="flex flex-wrap gap-1.5">
              {missing.map((skill) => (
                <Badge key={skill} variant="outline">
                  {skill}
                </Badge>
              ))}
            </div>
          </div>
        </div>
      </Card>
      <figcaption className="mt-3 text-center text-xs text-muted-foreground">
        Illustration of a report, not a real analysis.
      </figcaption>
    </figure>
  );
}

/** "/" for visitors. */
export function LandingPage() {
  usePageTitle(null);
  return (
    <>
      <section aria-labelledby="hero-heading" className="relative overflow-hidden">
        <div
          aria-hidden="true"
          className="absolute inset-x-0 top-0 -z-10 h-[36rem] bg-gradient-to-b from-indigo-50 via-violet-50/60 to-background"
        />
        <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 pb-16 pt-12 sm:px-6 md:pt-20 lg:grid-cols-[1.1fr_0.9fr] lg:pb-24">
          <div>
            <Badge variant="secondary" className="mb-5">
              <Sparkles aria-hidden="true" className="size-3.5" />
              Resume analysis for job seekers
            </Badge>
            <RotatingHeadline
              id="hero-heading"
              className="text-4xl font-extrabold leading-[1.1] sm:text-5xl lg:text-6xl"
            />
            <p className="mt-6 max-w-xl text-lg text-muted-foreground">
              Upload your resume, paste the job description, and see how well they match: the skills you have,
              the ones you are missing, how applicant tracking systems read your file, and what to change
              first.
            </p>
            <div className="mt-8 flex flex-col gap-3 sm:flex-row">
              <Button asChild size="lg">
                <Link to="/auth">
                  Start analyzing for free
                  <ArrowRight aria-hidden="true" />
                </Link>
              </Button>
              <Button asChild size="lg" variant="outline">
                <Link to="/pricing">View pricing</Link>
              </Button>
            </div>
            <p className="mt-4 text-sm text-muted-foreground">
              Free plan: {LIMITS.freeMonthlyAnalyses} analyses a month. No card needed.
            </p>
          </div>
          <ReportPreview />
        </div>
      </section>

      <section
        aria-labelledby="features-heading"
        className="border-t border-border bg-surface py-16 sm:py-24"
      >
        <div className="mx-auto max-w-6xl px-4 sm:px-6">
          <SectionHeading
            id="features-heading"
            eyebrow="Features"
            title="Everything your resume review needs"
            text="One analysis looks at your resume from every angle a hiring process does."
          />
          <ul className="mt-12 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
            {FEATURES.map(({ icon: Icon, title, text }) => (
              <li key={title}>
                <Card className="flex h-full gap-4 p-5 transition-shadow hover:shadow-elevated sm:block sm:p-6">
                  <span className="flex size-11 shrink-0 items-center justify-center rounded-lg bg-primary-soft text-primary">
                    <Icon aria-hidden="true" className="size-5" />
                  </span>
                  <div>
                    <h3 className="text-lg font-semibold sm:mt-4">{title}</h3>
                    <p className="mt-1.5 text-sm leading-relaxed text-muted-foreground sm:mt-2">{text}</p>
                  </div>
                </Card>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="how-heading" className="py-16 sm:py-24">
        <div className="mx-auto max-w-6xl px-4 sm:px-6">
          <SectionHeading
            id="how-heading"
            eyebrow="How it works"
            title="Three steps to a stronger application"
          />
          <ol className="mt-12 grid gap-8 md:grid-cols-3">
            {STEPS.map(({ icon: Icon, title, text }, index) => (
              <li key={title} className="relative flex flex-col items-center text-center">
                <span className="relative flex size-16 items-center justify-center rounded-2xl bg-gradient-to-br from-indigo-600 to-violet-700 text-white shadow-elevated">
                  <Icon aria-hidden="true" className="size-7" />
                  <span className="absolute -right-2 -top-2 flex size-7 items-center justify-center rounded-full border-2 border-background bg-foreground text-xs font-bold text-background">
                    {index + 1}
                  </span>
                </span>
                <h3 className="mt-5 text-lg font-semibold">{title}</h3>
                <p className="mt-2 max-w-xs text-sm leading-relaxed text-muted-foreground">{text}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section aria-labelledby="pricing-heading" className="border-t border-border bg-surface py-16 sm:py-24">
        <div className="mx-auto max-w-6xl px-4 sm:px-6">
          <SectionHeading
            id="pricing-heading"
            eyebrow="Pricing"
            title="Start free, upgrade once"
            text="No subscription. Pay once if you need more."
          />
          <div className="mx-auto mt-12 grid max-w-4xl gap-8 md:grid-cols-2">
            <PlanCard
              name={PLANS.free.name}
              price={PLANS.free.price}
              cadence={PLANS.free.cadence}
              tagline={PLANS.free.tagline}
              features={[
                "Skills matching and ATS review",
                "Improvement recommendations",
                "Complete analysis reports",
                "PDF and ZIP export of your reports",
              ]}
              action={
                <Button asChild variant="outline" size="lg">
                  <Link to="/auth">Get Started Free</Link>
                </Button>
              }
            />
            <PlanCard
              name={PLANS.lifetime.name}
              price={PLANS.lifetime.price}
              cadence={PLANS.lifetime.cadence}
              tagline={PLANS.lifetime.tagline}
              features={PLANS.lifetime.features}
              highlighted
              badge="Best value"
              action={
                <Button asChild size="lg">
                  <Link to="/auth">Get Lifetime Access</Link>
                </Button>
              }
            />
          </div>
        </div>
      </section>

      <section aria-labelledby="testimonials-heading" className="py-16 sm:py-24">
        <div className="mx-auto max-w-6xl px-4 sm:px-6">
          <SectionHeading
            id="testimonials-heading"
            eyebrow="What it's for"
            title="The kind of feedback we aim for"
            text="ResumeLens is new. These are illustrative examples written by our team, not quotes from real customers."
          />
          <ul className="mt-12 grid gap-6 md:grid-cols-3">
            {TESTIMONIALS.map((t) => (
              <li key={t.name}>
                <Card className="flex h-full flex-col p-6">
                  <div className="flex items-center justify-between">
                    <Quote aria-hidden="true" className="size-6 text-violet-600" />
                    <Badge variant="muted">Sample testimonial</Badge>
                  </div>
                  <blockquote className="mt-4 flex-1 leading-relaxed">“{t.quote}”</blockquote>
                  <p className="mt-5 text-sm">
                    <span className="font-semibold">{t.name}</span>
                    <span className="text-muted-foreground"> · {t.role}</span>
                  </p>
                </Card>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="cta-heading" className="px-4 pb-16 sm:px-6 sm:pb-24">
        <div className="mx-auto max-w-5xl rounded-3xl bg-gradient-to-br from-indigo-600 to-violet-700 px-6 py-12 text-center text-white shadow-elevated sm:px-12">
          <h2 id="cta-heading" className="text-3xl font-bold text-white sm:text-4xl">
            See how your resume reads
          </h2>
          <p className="mx-auto mt-3 max-w-xl text-indigo-100">
            Your first three analyses each month are free.
          </p>
          <Button asChild size="lg" variant="inverse" className="mt-8">
            <Link to="/auth">Create a free account</Link>
          </Button>
        </div>
      </section>
    </>
  );
}
