// Types of careers.json (built by `npm run data:build` from O*NET and the curated certifications),
// and of what a career path is built from.
import type { TAnalysisResult } from "@resumelens/contract";

/** One O*NET Job Zone (preparation level 1..5) with its reference texts. */
export type CareerZone = {
  zone: number;
  /** "Job Zone Four: Considerable Preparation Needed". */
  name: string;
  experience: string;
  education: string;
  training: string;
};

/** An occupation's technologies, best first: in demand, then hot, then most widely used. */
export type CareerTech = {
  names: string[];
  /** Each name's O*NET commodity ("Medical software"), in the same order. */
  kinds: string[];
  /** Indexes of office-wide tools (mail, spreadsheets, office suites) every field uses. */
  generic: number[];
  /** How many leading names are O*NET "in demand" for the occupation. */
  inDemand: number;
  /** How many leading names are hot or in demand (≥ inDemand). */
  hot: number;
};

export type CareerCertification = {
  name: string;
  provider: string;
  /** 1–5. */
  relevance: number;
  /** Ends with "(estimate)". */
  estimatedTime: string;
};

/** A curated route into a regulated or credentialed occupation (the O*NET files shipped here have
 *  no per-occupation education ratings or licences): the education it usually takes, on O*NET's
 *  "Required Level of Education" scale (1–12), and the licence, when one is legally required. */
export type CareerCredential = {
  /** O*NET RL category: 2 high school, 3 post-secondary certificate, 5 associate's, 6 bachelor's,
   *  8 master's, 10 first professional degree, 11 doctoral. */
  educationLevel: number;
  /** "Associate Degree in Nursing (ADN) or Bachelor of Science in Nursing (BSN)". */
  programme: string;
  /** A phase title's worth of it: "ADN or BSN nursing degree". */
  short: string;
  /** Typical programme length after high school, in years: [min, max]. */
  years: [number, number];
  /** With a bachelor's degree in another field already (accelerated programmes), when shorter. */
  yearsWithDegree?: [number, number];
  licence?: { name: string; body: string; time: string };
  /** Case-insensitive pattern: resume wording showing the route is already done (RN, BSN). */
  shownBy: string;
};

export type CareersFile = {
  version: 1;
  zones: CareerZone[];
  /** O*NET-SOC code → technologies. */
  tech: Record<string, CareerTech>;
  /** O*NET-SOC code or role alias → curated certifications, most relevant first as written. */
  certifications: Record<string, CareerCertification[]>;
  /** O*NET-SOC code → curated education and licence route. */
  credentials: Record<string, CareerCredential>;
};

/** What a career path is built from. */
export type CareerPathInput = {
  /** Role slug: a role alias or an occupation slug. */
  role: string;
  /** The user's latest analysis, when there is one. */
  analysis?: TAnalysisResult | null;
  /** That analysis's resume text. */
  resumeText?: string | null;
  /** Skills known from elsewhere (names or aliases), counted as evidence too. */
  resumeSkills?: string[];
  /** Reference date for reading the resume's dates. */
  now?: Date;
};
