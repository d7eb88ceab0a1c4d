import type { TStoredAnalysis } from "@resumelens/contract";

/**
 * A realistic stored analysis: a mid-level software engineer's resume against a senior full-stack
 * job. The breakdown's points add up to the overall score, as the engine's do.
 */
export const ANALYSIS_FIXTURE: TStoredAnalysis = {
  id: 12,
  createdAt: "2025-06-05T14:32:00.000Z",
  resumeId: 7,
  jobDescription:
    "Senior Full-Stack Engineer. We are looking for an engineer with 5+ years of experience building web applications with TypeScript, React and Node.js. Experience with PostgreSQL, AWS and Docker is required; Kubernetes and GraphQL are a plus.",
  engineVersion: "1.4.0",
  overallScore: 85,
  scoreBreakdown: [
    {
      key: "requiredSkills",
      label: "Required skills",
      weight: 0.4,
      value: 88,
      points: 35.2,
      explanation: "You show 7 of the 8 required skills; AWS is only a related match (Google Cloud).",
    },
    {
      key: "preferredSkills",
      label: "Preferred skills",
      weight: 0.15,
      value: 67,
      points: 10.05,
      explanation: "GraphQL is in your resume; Kubernetes is not.",
    },
    {
      key: "experience",
      label: "Experience",
      weight: 0.2,
      value: 100,
      points: 20,
      explanation: "6 years of relevant experience against the 5 years asked for.",
    },
    {
      key: "title",
      label: "Job title",
      weight: 0.1,
      value: 65,
      points: 6.5,
      explanation:
        "Your latest title, Software Engineer II, is close to but below Senior Full-Stack Engineer.",
    },
    {
      key: "education",
      label: "Education",
      weight: 0.05,
      value: 100,
      points: 5,
      explanation: "The job asks for no specific degree; your B.Sc. in Computer Science counts fully.",
    },
    {
      key: "ats",
      label: "ATS readability",
      weight: 0.1,
      value: 82,
      points: 8.2,
      explanation: "Standard sections and a single column; two formatting issues remain.",
    },
  ],
  skillsMatch: {
    matched: [
      {
        skill: "TypeScript",
        level: "Advanced",
        priority: "Required",
        category: "hard",
        evidence: {
          text: "Migrated a 120k-line JavaScript codebase to TypeScript strict mode",
          section: "Experience",
        },
        match: "exact",
      },
      {
        skill: "React",
        level: "Advanced",
        priority: "Required",
        category: "hard",
        evidence: {
          text: "Built the customer dashboard in React 18 used by 40k users",
          section: "Experience",
        },
        match: "exact",
      },
      {
        skill: "Node.js",
        level: "Intermediate",
        priority: "Required",
        category: "hard",
        evidence: { text: "Designed REST APIs in Node.js and Express", section: "Experience" },
        match: "exact",
      },
      {
        skill: "PostgreSQL",
        level: "Intermediate",
        priority: "Required",
        category: "tool",
        evidence: { text: "Cut report query time by 70% with PostgreSQL indexes", section: "Experience" },
        match: "exact",
      },
      {
        skill: "AWS",
        level: "Basic",
        priority: "Required",
        category: "tool",
        evidence: { text: "Deployed services on Google Cloud Run", section: "Projects" },
        match: "related",
      },
      {
        skill: "Docker",
        level: "Basic",
        priority: "Required",
        category: "tool",
        evidence: null,
        match: "exact",
      },
      {
        skill: "GraphQL",
        level: "Intermediate",
        priority: "Preferred",
        category: "hard",
        evidence: { text: "Added a GraphQL gateway in front of three services", section: "Experience" },
        match: "exact",
      },
    ],
    missing: [
      { skill: "CI/CD", priority: "Required", category: "hard" },
      { skill: "Kubernetes", priority: "Preferred", category: "tool" },
    ],
  },
  atsAnalysis: {
    score: 82,
    issues: [
      {
        issue: "Contact details are in the page header",
        solution: "Move your email and phone into the body of the resume; many ATS skip headers.",
        severity: "Critical",
      },
      {
        issue: "Dates use two formats",
        solution: "Use one format such as 'Jan 2021 – Mar 2023' throughout.",
        severity: "Medium",
      },
      {
        issue: "Skills section has no heading",
        solution: "Add a 'Skills' heading so parsers file the list correctly.",
        severity: "High",
      },
      {
        issue: "File name is generic",
        solution: "Name the file after yourself, e.g. jane-doe-resume.pdf.",
        severity: "Low",
      },
    ],
    keywords: {
      found: ["TypeScript", "React", "Node.js", "PostgreSQL", "REST APIs", "GraphQL"],
      missing: ["CI/CD", "Kubernetes", "AWS"],
    },
  },
  competitiveAnalysis: {
    marketAlignment: 78,
    industryMatch: 72,
    experienceLevel: "Mid-Senior Level",
    suggestions: [
      "Lead with the TypeScript migration: it is the strongest match for this role.",
      "Quantify the impact of your GraphQL gateway (latency, teams served).",
    ],
  },
  experienceComparison: {
    resumeYears: 6,
    requiredYears: 5,
    gap: 1,
    assessment: "Well-matched",
    experienceSources: [
      {
        role: "Software Engineer II at Northwind Analytics",
        relevance: "High",
        duration: "3 years 4 months",
        transferableSkills: ["TypeScript", "React", "PostgreSQL"],
      },
      {
        role: "Software Engineer at Contoso Retail",
        relevance: "Medium",
        duration: "2 years 8 months",
        transferableSkills: ["Node.js", "REST APIs"],
      },
      {
        role: "IT Support Intern at City College",
        relevance: "Low",
        duration: "",
        transferableSkills: [],
      },
    ],
    jobRequirements: [
      {
        requirement: "5+ years of experience building web applications",
        fulfilled: true,
        matchingExperience: "6 years across Northwind Analytics and Contoso Retail",
        priority: "Required",
        status: "matched",
        evidence: {
          text: "Software Engineer II, Northwind Analytics, 2022 – present",
          section: "Experience",
        },
      },
      {
        requirement: "Experience with AWS",
        fulfilled: false,
        matchingExperience: "Google Cloud Run deployments",
        priority: "Required",
        status: "partial",
        evidence: { text: "Deployed services on Google Cloud Run", section: "Projects" },
      },
      {
        requirement: "Kubernetes",
        fulfilled: false,
        matchingExperience: "",
        priority: "Preferred",
        status: "missing",
        evidence: null,
      },
    ],
  },
  recommendations: [
    {
      title: "Add CI/CD experience",
      description:
        "The job requires CI/CD; describe the pipelines you have set up or maintained, naming the tools.",
      impact: "high",
    },
    {
      title: "Move contact details out of the header",
      description: "Put your email and phone in the body so applicant tracking systems read them.",
      impact: "medium",
    },
    {
      title: "Mention Kubernetes if you have used it",
      description: "It is a preferred skill; even a side project counts.",
      impact: "low",
    },
  ],
  preview: {
    before: ["No CI/CD experience shown", "Contact details hidden in the header"],
    after: ["CI/CD pipelines described with tools", "Contact details in the body"],
    currentScore: 85,
    potentialScore: 100,
  },
  warnings: [],
};

/** The fixture with some fields replaced (a fresh object each call). */
export function makeAnalysis(overrides: Partial<TStoredAnalysis> = {}): TStoredAnalysis {
  return { ...structuredClone(ANALYSIS_FIXTURE), ...overrides };
}
