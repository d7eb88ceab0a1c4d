import type { ReactNode } from "react";
import { usePageTitle } from "../../lib/use-page-title.ts";

type Credit = { name: string; licence: string; body: ReactNode };

/** Attributions from ../shared/data/README.md: what each open data set is used for, and its licence. */
const CREDITS: Credit[] = [
  {
    name: "O*NET",
    licence: "CC BY 4.0",
    body: (
      <>
        This product includes information from the O*NET 29.3 Database by the U.S. Department of Labor,
        Employment and Training Administration (USDOL/ETA). Used under the CC BY 4.0 license. O*NET® is a
        trademark of USDOL/ETA. ResumeLens has modified all or some of this information. USDOL/ETA has not
        approved, endorsed, or tested these modifications. We use it for the technology skills taxonomy,
        mapping job titles to occupations and building career roadmaps.
      </>
    ),
  },
  {
    name: "BLS OEWS",
    licence: "Public domain",
    body: (
      <>
        Wage estimates: U.S. Bureau of Labor Statistics, Occupational Employment and Wage Statistics (OEWS),
        May 2025, national estimates. We use them for the salary ranges in career paths; OEWS has no seniority
        levels, so the mapping of percentiles to levels is our own.
      </>
    ),
  },
  {
    name: "ESCO",
    licence: "ESCO reuse policy (attribution required)",
    body: (
      <>
        This service uses the ESCO classification of the European Commission. We use its transversal, digital
        and language skills, with their alternative labels, to recognise soft skills and their paraphrases.
      </>
    ),
  },
  {
    name: "GitHub topics",
    licence: "CC BY 4.0",
    body: (
      <>
        Topic names and aliases from github/explore, © GitHub, CC BY 4.0, modified (filtered). We use them to
        recognise technology names and their common aliases.
      </>
    ),
  },
  {
    name: "devicon",
    licence: "MIT licence",
    body: (
      <>
        devicon.json © konpa, MIT licence. We use its developer tools, alternative names and tags to recognise
        tools and group them into categories such as frameworks, databases and cloud services.
      </>
    ),
  },
];

export default function AboutPage() {
  usePageTitle("About & credits");
  return (
    <article className="mx-auto w-full max-w-3xl px-4 py-10 sm:px-6 sm:py-14">
      <h1 className="text-3xl font-bold sm:text-4xl">About &amp; credits</h1>
      <p className="mt-4 text-lg text-muted-foreground">
        ResumeLens compares a resume with a job description and explains the result: which skills match, what
        is missing, how the file reads to applicant tracking systems and what to improve. Its skills and
        career data come from the open data sets below.
      </p>
      <h2 className="mt-10 text-xl font-semibold">Data credits</h2>
      <dl className="mt-4 space-y-6">
        {CREDITS.map((credit) => (
          <div key={credit.name} className="rounded-card border border-border p-5">
            <dt className="flex flex-wrap items-baseline justify-between gap-2">
              <span className="font-semibold">{credit.name}</span>
              <span className="text-sm text-muted-foreground">Licence: {credit.licence}</span>
            </dt>
            <dd className="mt-2 leading-relaxed text-foreground/90">{credit.body}</dd>
          </div>
        ))}
      </dl>
    </article>
  );
}
