import type { TAnalysisResult, TScoreComponent } from "@resumelens/contract";
import type { ParsedJob } from "../job/parse-job.ts";
import { scanLine, type Taxonomy } from "../skills/taxonomy.ts";
import { wordCount } from "../text/words.ts";
import type { AnalyzeInput } from "./analyze.ts";
import type { AtsReview } from "./ats.ts";
import type { ExperienceFit } from "./experience.ts";
import type { RequirementMatch } from "./match.ts";
import { contentStems, sameStem } from "./phrases.ts";
import type { ResumeIndex } from "./resume-index.ts";
import { titleSimilarity } from "./title-similarity.ts";

type Recommendation = TAnalysisResult["recommendations"][number];

type Input = {
  matches: RequirementMatch[];
  experience: ExperienceFit;
  ats: AtsReview;
  index: ResumeIndex;
  job: ParsedJob;
  input: AnalyzeInput;
  overallScore: number;
  components: TScoreComponent[];
  taxonomy: Taxonomy;
};

const list = (items: string[]) =>
  items.length <= 1 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;

/**
 * Recommendations ordered by how much they can move the score, each naming the actual skill, role
 * or line concerned, and the before/after lists of the Resume Enhancement Preview.
 */
export function recommend({ matches, experience, ats, index, job, input, taxonomy }: Input): {
  recommendations: Recommendation[];
  preview: TAnalysisResult["preview"];
} {
  const recs: (Recommendation & { order: number })[] = [];
  const before: string[] = [];
  const after: string[] = [];
  const push = (order: number, impact: Recommendation["impact"], title: string, description: string) => {
    if (!recs.some((r) => r.title === title)) recs.push({ order, impact, title, description });
  };
  const bestRole = bestRoleName(index, experience);

  // 1. Missing required skills and requirements, most important first. Never advise claiming a
  // skill: say what is missing and how to show it if the candidate has it.
  const missingRequired = matches.filter(
    (m) =>
      m.status === "missing" && m.requirement.priority === "Required" && m.requirement.kind !== "experience",
  );
  const isNamed = (m: RequirementMatch) =>
    m.requirement.kind === "skill" ||
    m.requirement.kind === "alternatives" ||
    m.requirement.kind === "credential";
  const missingSkills = missingRequired.filter(isNamed);
  const missingPhrases = missingRequired.filter((m) => !isNamed(m));
  const onProfile = profileMatcher(input.profileSkills ?? [], taxonomy);
  for (const m of missingSkills.slice(0, 4)) {
    const name = m.requirement.name;
    const asked = m.requirement.lines[0]?.text;
    push(
      10,
      "high",
      onProfile(m) ? `Add ${name} from your LinkedIn profile` : `Show ${name}, if you have it`,
      `The posting requires ${name}${asked && asked !== name ? ` ("${asked}")` : ""} and your resume does not show it. ${
        onProfile(m)
          ? `Your LinkedIn profile lists ${name}: add it to your skills section and to a bullet${bestRole ? ` under ${bestRole}` : ""} that shows where you used it.`
          : `If you have used it, name it in your skills section and in a bullet${bestRole ? ` under ${bestRole}` : ""} that shows how, with a result. If you have not, do not claim it: it is a gap to plan for, and the requirements you do meet should lead.`
      }`,
    );
  }
  if (missingSkills.length > 4) {
    const rest = missingSkills.slice(4).map((m) => m.requirement.name);
    push(
      11,
      "high",
      `Check the other required skills: ${list(rest.slice(0, 5))}`,
      `These are also listed as required and your resume does not show them: ${list(rest)}. Add the ones you really have, in the posting's own words, where you used them.`,
    );
  }
  // Skills the job asks for that the user's LinkedIn profile lists and the resume leaves out,
  // beyond the required ones named above: the cheapest gains there are.
  const namedAbove = new Set(missingSkills.slice(0, 4));
  const fromProfile = matches.filter(
    (m) => m.status !== "matched" && isNamed(m) && !namedAbove.has(m) && onProfile(m),
  );
  if (fromProfile.length) {
    const names = fromProfile.slice(0, 5).map((m) => m.requirement.name);
    const required = fromProfile.some((m) => m.requirement.priority === "Required");
    push(
      13,
      required ? "high" : "medium",
      `Add ${list(names)} from your LinkedIn profile`,
      `Your LinkedIn profile lists ${list(names)} and this posting asks for ${names.length > 1 ? "them" : "it"}${required ? "" : " (as a plus)"}, but your resume never mentions ${names.length > 1 ? "them" : "it"}. Add ${names.length > 1 ? "them" : "it"} to your skills section and to a bullet${bestRole ? ` under ${bestRole}` : ""} that shows where you used ${names.length > 1 ? "them" : "it"}.`,
    );
  }
  for (const m of missingPhrases.slice(0, 3)) {
    push(
      12,
      "medium",
      `Show ${m.requirement.name}, if you have it`,
      `The posting asks for ${m.requirement.name}${m.requirement.lines[0] && m.requirement.lines[0].text.toLowerCase() !== m.requirement.name.toLowerCase() ? ` ("${m.requirement.lines[0].text}")` : ""}. If your experience includes it, add a bullet that proves it with a concrete example${bestRole ? ` from ${bestRole}` : ""}.`,
    );
  }
  const missingAsks = matches.filter(
    (m) =>
      m.requirement.kind === "experience" && m.status !== "matched" && m.requirement.priority === "Required",
  );
  for (const m of missingAsks.slice(0, 2)) {
    push(
      16,
      "high",
      `${m.status === "partial" ? "Fewer years than asked" : "Not shown"}: ${m.requirement.name}`,
      m.status === "partial"
        ? `The posting asks for ${m.requirement.name}; the matching roles in your resume add up to less. If you did this work elsewhere (earlier jobs, contracts, part-time), list those roles with their dates.`
        : `The posting asks for ${m.requirement.name} and no role in your resume matches it. If you have held such a role, list it with its title, employer and dates; if not, say in your summary which of your roles comes closest and why.`,
    );
  }
  if (missingRequired.length) {
    before.push(
      `${missingRequired.length} required item${missingRequired.length > 1 ? "s" : ""} not shown: ${list([
        ...missingRequired.slice(0, 4).map((m) => m.requirement.name),
        ...(missingRequired.length > 4 ? [`${missingRequired.length - 4} more`] : []),
      ])}`,
    );
    after.push(
      `${list(missingRequired.slice(0, 4).map((m) => m.requirement.name))}, where you have them, shown with evidence in your experience`,
    );
  }

  // 2. Skills proven only indirectly or only listed.
  const related = matches.filter(
    (m) => m.status !== "missing" && m.match === "related" && m.via && m.requirement.kind === "skill",
  );
  for (const m of related.slice(0, 2)) {
    const narrower = m.status === "matched";
    push(
      20,
      narrower ? "medium" : "high",
      narrower ? `Name ${m.requirement.name} explicitly` : `${m.requirement.name}: related experience only`,
      narrower
        ? `Your resume shows ${m.via}, which is ${m.requirement.name} work, but never says "${m.requirement.name}". Screeners and ATS filters search for the exact term: use it where you describe that work.`
        : `The posting asks for ${m.requirement.name}; your resume shows ${m.via}, which is related but not the same. If you have used ${m.requirement.name}, name it where you used it. If not, present ${m.via} as transferable experience and do not claim ${m.requirement.name}.`,
    );
  }
  const listedOnly = matches.filter(
    (m) =>
      m.status === "matched" &&
      (m.requirement.kind === "skill" || m.requirement.kind === "alternatives") &&
      m.evidenceKind === "list" &&
      m.requirement.priority === "Required",
  );
  if (listedOnly.length) {
    const names = listedOnly.slice(0, 4).map((m) => m.requirement.name);
    push(
      25,
      "medium",
      `Prove ${list(names)} in your experience`,
      `${list(names)} ${names.length > 1 ? "appear" : "appears"} only in a list, which screeners (and this score) believe less than a skill shown at work. Add a bullet${bestRole ? ` under ${bestRole}` : ""} that shows what you did with ${names.length > 1 ? "them" : "it"} and the result.`,
    );
    before.push(`${list(names)} only listed, not demonstrated`);
    after.push(`${list(names)} backed by a bullet with a result`);
  }

  // 3. Experience against the years asked for.
  if (experience.stated && experience.assessment === "Under-qualified") {
    push(
      15,
      "high",
      `Account for the ${experience.requiredYears}+ years the job asks for`,
      `Your resume shows ${experience.relevantYears} relevant years (${experience.resumeYears} in total) against ${experience.requiredYears}+ required. Add earlier or part-time roles, internships, freelance or volunteer work that used the same skills, with their dates.`,
    );
    before.push(`${experience.relevantYears} relevant years against ${experience.requiredYears}+ asked for`);
    after.push("Every relevant role listed with its dates");
  }
  const lowRoles = experience.relevance
    .map((r, e) => ({ r, entry: index.resume.experience[e] }))
    .filter(({ r, entry }) => r === "Low" && entry?.section === "experience" && entry.title);
  if (lowRoles.length && lowRoles.length < index.resume.experience.length) {
    const role = lowRoles[0]?.entry;
    // Examples only from what the role's own lines already touch: never a skill it does not show.
    const roleStems = contentStems(role?.lines.join(" ") ?? "");
    const touches = (name: string) => {
      const wanted = contentStems(name);
      return (
        wanted.length > 0 &&
        wanted.filter((w) => roleStems.some((t) => sameStem(w, t))).length * 2 >= wanted.length
      );
    };
    const examples = matches
      .filter(
        (m) =>
          m.requirement.priority === "Required" &&
          m.requirement.kind !== "experience" &&
          touches(m.requirement.name),
      )
      .slice(0, 2)
      .map((m) => m.requirement.name);
    push(
      40,
      "low",
      `Connect ${role?.title ?? "your other roles"} to this job`,
      `${role?.title ?? "This role"}${role?.company ? ` at ${role.company}` : ""} reads as unrelated to this posting. ${examples.length ? `Its own lines touch on ${list(examples)}: rewrite one or two bullets to show that work and what came of it,` : "Rewrite one or two bullets around the work that carries over to this job,"} or shorten it.`,
    );
  }

  // 4. Title alignment.
  const latest = index.resume.experience.find((e) => e.section === "experience" && e.title);
  // Only for a candidate whose experience is relevant: an unrelated one is not to take the title.
  const relevantRole = experience.relevance.some((r) => r === "High" || r === "Medium");
  if (job.title && latest?.title && relevantRole && titleSimilarity(job.title, latest.title) < 0.6) {
    push(
      35,
      "medium",
      `Mirror the title '${job.title}' in your summary`,
      `Recruiters search by title. Your most recent title is '${latest.title}'; open your summary with the target title and the two or three requirements you meet best.`,
    );
  }

  // 5. ATS findings that matter most.
  for (const issue of ats.issues
    .filter((i) => i.severity === "Critical" || i.severity === "High")
    .slice(0, 3)) {
    push(30, "high", issue.issue.replace(/\.$/, ""), issue.solution);
    before.push(issue.issue.replace(/\.$/, ""));
  }
  if (ats.bulletCount > 0 && ats.quantifiedShare < 0.3) {
    // The example is a sentence of the resume without a number: not a heading or a rule ("####").
    const quotable = (b: string) => !/\d/.test(b) && wordCount(b) >= 4 && /\p{Ll}/u.test(b);
    const target = index.resume.experience.find((e) => e.bullets.some(quotable));
    const example = target?.bullets.find(quotable);
    push(
      32,
      "medium",
      `Quantify your results${target?.title ? ` as ${target.title}` : ""}`,
      `Only ${Math.round(ats.quantifiedShare * 100)}% of your bullets contain a number. ${example ? `For example, "${example}" could say how many, how much or how often.` : "Add how many, how much or how often."}`,
    );
    before.push(`${Math.round(ats.quantifiedShare * 100)}% of bullets quantified`);
    after.push("Most bullets show a number: scale, savings or speed");
  }
  // Medium findings not already covered above (numbers in bullets have their own advice).
  for (const issue of ats.issues
    .filter((i) => i.severity === "Medium" && !/bullets include a number/.test(i.issue))
    .slice(0, 2))
    push(45, "low", issue.issue.replace(/\.$/, ""), issue.solution);

  // 6. Preferred skills to add if the user has them.
  const missingPreferred = matches
    .filter((m) => m.status !== "matched" && m.requirement.priority === "Preferred" && isNamed(m))
    .map((m) => m.requirement.name);
  if (missingPreferred.length) {
    push(
      50,
      "low",
      `Mention the nice-to-haves you have: ${list(missingPreferred.slice(0, 3))}`,
      `The posting prefers ${list(missingPreferred.slice(0, 6))}. If you have any of them, add them where you used them: they separate candidates who meet the basics.`,
    );
  }

  // The same count as the Skills Match card: required skills and wordings, not years in a role
  // (the experience asks have advice of their own above).
  const requiredSkills = matches.filter(
    (m) => m.requirement.priority === "Required" && m.requirement.kind !== "experience",
  );
  const matchedRequired = requiredSkills.filter((m) => m.status === "matched").length;
  const totalRequired = requiredSkills.length;
  if (totalRequired) {
    before.unshift(`${matchedRequired} of ${totalRequired} required skills shown`);
    after.unshift(`${totalRequired} of ${totalRequired} required skills shown, each with evidence`);
  }

  const recommendations = recs
    .sort((a, b) => a.order - b.order)
    .slice(0, 10)
    .map(({ title, description, impact }) => ({ title, description, impact }));
  return {
    recommendations,
    preview: { before: before.slice(0, 5), after: after.slice(0, 5), currentScore: 0, potentialScore: 0 },
  };
}

function bestRoleName(index: ResumeIndex, experience: ExperienceFit): string | null {
  // The most relevant role by its score (title, occupation, skills it shows), not merely the most
  // recent of the "High" ones.
  const best = index.resume.experience
    .map((entry, e) => ({ entry, score: experience.relevanceScores[e] ?? 0 }))
    .filter(({ entry }) => entry.section === "experience" && entry.title)
    .sort((a, b) => b.score - a.score)[0]?.entry;
  return best ? [best.title, best.company].filter(Boolean).join(" at ") : null;
}

/**
 * Whether a requirement is among the user's profile skills: by name, or by taxonomy skill, so
 * "K8s" or "Amazon Web Services (AWS)" on the profile count for Kubernetes or AWS in the posting.
 */
function profileMatcher(profileSkills: string[], taxonomy: Taxonomy): (m: RequirementMatch) => boolean {
  const names = new Set(profileSkills.map((s) => s.trim().toLowerCase()));
  const ids = new Set(profileSkills.flatMap((s) => scanLine(taxonomy, s).map((hit) => hit.skillId)));
  return (m) =>
    names.has(m.requirement.name.toLowerCase()) ||
    (m.requirement.skillId !== undefined && ids.has(m.requirement.skillId));
}
