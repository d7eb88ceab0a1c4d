// Types of careers.json (built by `npm run data:build` from O*NET and the curated certifications).

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

export type CareersFile = {
  version: 1;
  zones: CareerZone[];
  /** O*NET-SOC code → technologies. */
  tech: Record<string, CareerTech>;
  /** O*NET-SOC code or role alias → curated certifications, most relevant first as written. */
  certifications: Record<string, CareerCertification[]>;
};
