/**
 * In-limit inputs built to make the engine work hard or write a big result (issue 29): a resume of
 * up to TEXT_RESUME_MAX characters and a posting of up to LIMITS.jobDescriptionMax, shaped the way
 * an attacker (or an unlucky paste) would. Used by `hostile-inputs.test.ts` (growth and result
 * size) and by `npm run bench:engine`. Deterministic: the same names in the same order every run.
 */
import { LIMITS, TEXT_RESUME_MAX } from "@resumelens/contract";
import { engineData } from "../src/index.ts";

export type HostileInput = { resumeText: string; jobDescription: string };

/** A shape: the input whose resume (or posting, for posting shapes) is about `size` characters. */
export type HostileShape = {
  name: string;
  /** Which text grows with `size`. */
  grows: "resume" | "posting";
  make: (size: number) => HostileInput;
};

export const RESUME_MAX: number = TEXT_RESUME_MAX;
export const POSTING_MAX: number = LIMITS.jobDescriptionMax;

const HEADER = "Jordan Doe\njordan@example.com | 555-0100\n\n";
const ROLE = "EXPERIENCE\nSoftware Engineer, Acme Corp 2018 - Present\n";

type Names = { firm: string[]; contextual: string[] };
let names: Names | null = null;

/** Skill names of the taxonomy: plain ones, and the forms that need context ("Spark", "Go"). */
function skillNames(): Names {
  if (names) return names;
  const { taxonomy } = engineData();
  const firm: string[] = [];
  const contextual: string[] = [];
  for (const skill of taxonomy.byId.values())
    if (/^[A-Za-z][A-Za-z0-9 .+#-]{2,30}$/.test(skill.name) && !skill.caseSensitive && !skill.ambiguous)
      firm.push(skill.name);
  for (const entries of taxonomy.forms.values())
    for (const e of entries)
      if ((e.ambiguous || e.contextual) && /^[A-Za-z][A-Za-z0-9 .+#-]{1,30}$/.test(e.exact))
        contextual.push(e.exact);
  names = { firm, contextual };
  return names;
}

/** Joins `items` (cycled) with `separator` until the text is `size` characters long, cut at an item. */
function fill(items: readonly string[], separator: string, size: number): string {
  const parts: string[] = [];
  let length = 0;
  for (let i = 0; length < size; i++) {
    const item = items[i % items.length] ?? "";
    parts.push(item);
    length += item.length + separator.length;
  }
  return parts.join(separator).slice(0, size);
}

/** A posting of `size` characters: a requirement line for each name, cycling. */
function postingOf(
  list: readonly string[],
  size = POSTING_MAX,
  line = (n: string) => `- Experience with ${n}`,
) {
  return `Software Engineer\nRequirements:\n${fill(list.map(line), "\n", size - 32)}`;
}

const postingOfFirm = () => postingOf(skillNames().firm.slice(0, 400));

/** Resume shapes: the resume grows, the posting is a full posting naming the same skills. */
export const HOSTILE_SHAPES: HostileShape[] = [
  {
    name: "one line of comma-separated skills",
    grows: "resume",
    make: (size) => ({
      resumeText: `${HEADER}SKILLS\n${fill(skillNames().firm.slice(0, 400), ", ", size)}`,
      jobDescription: postingOfFirm(),
    }),
  },
  {
    name: "one line of space-separated ambiguous skills",
    grows: "resume",
    make: (size) => ({
      resumeText: `${HEADER}${ROLE}${fill(skillNames().contextual, " ", size)}`,
      jobDescription: postingOf(skillNames().contextual),
    }),
  },
  {
    name: "one line of comma-separated ambiguous skills",
    grows: "resume",
    make: (size) => ({
      resumeText: `${HEADER}${ROLE}${fill(skillNames().contextual, ", ", size)}`,
      jobDescription: postingOf(skillNames().contextual),
    }),
  },
  {
    name: "the same skills repeated on many lines",
    grows: "resume",
    make: (size) => ({
      resumeText: `${HEADER}SKILLS\n${fill(["Python, SQL, Kubernetes, Docker, Java, Excel, AWS"], "\n", size)}`,
      jobDescription: postingOfFirm(),
    }),
  },
  {
    name: "many short bullet lines",
    grows: "resume",
    make: (size) => ({
      resumeText: `${HEADER}${ROLE}${fill(["• Helped with Python", "• Was responsible for SQL", "• Did tasks"], "\n", size)}`,
      jobDescription: postingOfFirm(),
    }),
  },
  {
    name: "many distinct skills, one a line",
    grows: "resume",
    make: (size) => ({
      resumeText: `${HEADER}SKILLS\n${fill(skillNames().firm, "\n", size)}`,
      jobDescription: postingOfFirm(),
    }),
  },
  {
    name: "many roles with bullets naming skills",
    grows: "resume",
    make: (size) => {
      const firm = skillNames().firm;
      const roles = Array.from(
        { length: 400 },
        (_, i) =>
          `Engineer ${i}, Company ${i} Inc 20${String(10 + (i % 15)).padStart(2, "0")} - 2025\n• Responsible for ${firm[i]} and ${firm[i + 400]} and ${firm[i + 800]}, which was used by the team in many ways`,
      );
      return {
        resumeText: `${HEADER}EXPERIENCE\n${fill(roles, "\n", size)}`,
        jobDescription: postingOfFirm(),
      };
    },
  },
  {
    name: "a posting of one-skill bullet lines",
    grows: "posting",
    make: (size) => ({
      resumeText: `${HEADER}SKILLS\n${fill(skillNames().firm.slice(0, 3000), ", ", RESUME_MAX - 100)}`,
      jobDescription: postingOf(skillNames().firm, size, (n) => `- ${n}`),
    }),
  },
  {
    name: "a posting of long requirement sentences",
    grows: "posting",
    make: (size) => {
      const firm = skillNames().firm;
      const sentence = (n: string, i: number) =>
        `- ${3 + (i % 5)}+ years of professional experience designing, building and operating ${n}, ${firm[i + 1]} and ${firm[i + 2]} systems in production, with strong written communication and attention to detail`;
      return {
        resumeText: `${HEADER}${ROLE}${fill(
          firm.slice(0, 3000).map((n) => `• Designed and operated ${n} systems in production`),
          "\n",
          RESUME_MAX - 100,
        )}`,
        jobDescription: postingOf(firm.map(sentence), size, (s) => s),
      };
    },
  },
];

/** A bullet that draws every coaching flag it can: weak opening, passive, filler, cliché, hedge, no outcome, too long. */
const COACHED_BULLET =
  "Was responsible for basically helping to really try to think outside the box and maybe synergize various things that were handled by the team, which were reviewed by managers, and was also involved in many other different tasks and duties as needed on a daily basis for the whole organization";

/**
 * Full-size inputs for the size bound only (not for growth): the shapes above at their limits
 * plus ones that fill one part of the result each (quotes full of characters JSON escapes, many
 * roles each with many skills, coaching on every bullet, text that is three bytes a character).
 */
export function sizeInputs(): { name: string; input: HostileInput }[] {
  const { firm, contextual } = skillNames();
  const full = HOSTILE_SHAPES.map((s) => ({
    name: s.name,
    input: s.make(s.grows === "resume" ? RESUME_MAX - 200 : POSTING_MAX),
  }));
  const quoted = (n: string) => `"${n}" \\ "${n}"`;
  const roles = Array.from({ length: 60 }, (_, r) => {
    const skills = firm.slice(r * 40, r * 40 + 40);
    return `Engineer ${r}, Company ${r} Inc 20${String(10 + (r % 15)).padStart(2, "0")} - 2025\n${skills.map((n) => `• Built ${n} services that cut costs 20%`).join("\n")}`;
  });
  const posting = (list: readonly string[]) => postingOf(list);
  return [
    ...full,
    {
      name: "quotes full of characters JSON escapes",
      input: {
        resumeText: `${HEADER}${ROLE}${fill(
          firm.slice(0, 2000).map((n) => `• "\\" Built ${quoted(n)} with "\\\\" ${'\\"'.repeat(40)}`),
          "\n",
          RESUME_MAX - 200,
        )}`,
        jobDescription: posting(firm.slice(0, 2000).map(quoted)),
      },
    },
    {
      name: "many roles, each with forty skills",
      input: {
        resumeText: `${HEADER}EXPERIENCE\n${fill(roles, "\n", RESUME_MAX - 200)}`,
        jobDescription: posting(firm.slice(0, 2400)),
      },
    },
    {
      name: "coaching flags on every bullet",
      input: {
        resumeText: `${HEADER}${fill(
          Array.from(
            { length: 400 },
            (_, i) => `Engineer ${i}, Company ${i} Inc 2019 - 2020\n• ${firm[i]}: ${COACHED_BULLET} ${i}`,
          ),
          "\n",
          RESUME_MAX - 200,
        )}`,
        jobDescription: posting(firm.slice(0, 400)),
      },
    },
    {
      name: "three bytes a character around the skill names",
      input: {
        resumeText: `${HEADER}SKILLS\n${fill(
          firm
            .slice(0, 3000)
            .map((n) => `${"経験豊富な技術者".repeat(12)} ${n} ${"経験豊富な技術者".repeat(12)}`),
          "\n",
          RESUME_MAX - 200,
        )}`,
        jobDescription: `Software Engineer\nRequirements:\n${fill(
          firm.slice(0, 400).map((n) => `- ${n} ${"経験豊富な技術者".repeat(8)}`),
          "\n",
          POSTING_MAX - 40,
        )}`,
      },
    },
    {
      name: "one character a line",
      input: {
        resumeText: `${HEADER}SKILLS\n${fill(["a"], "\n", RESUME_MAX - 200)}`,
        jobDescription: `Requirements:\n${fill(["-"], "\n", POSTING_MAX - 20)}`,
      },
    },
    {
      // Both documents at their limits, the one with the most lines against the one with the most
      // requirements: what each requirement reads of the resume is paid thousands of times over.
      name: "thousands of numbered bullets against two thousand requirements",
      input: {
        resumeText: `${HEADER}${ROLE}${fill(
          Array.from({ length: 16_000 }, (_, i) => `• Did ${i}`),
          "\n",
          RESUME_MAX - 200,
        )}`,
        jobDescription: postingOf(firm, POSTING_MAX, (n) => `- ${n}`),
      },
    },
    {
      name: "contextual names in a skills section, comma-separated",
      input: {
        resumeText: `${HEADER}SKILLS\n${fill(contextual, ", ", RESUME_MAX - 200)}`,
        jobDescription: posting(contextual),
      },
    },
  ];
}
