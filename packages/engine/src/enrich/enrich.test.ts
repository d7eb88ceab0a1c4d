import { type TAnalysisResult, ZAnalysisResult } from "@resumelens/contract";
import { beforeAll, describe, expect, it } from "vitest";
import { engineData } from "../analysis/analyze.ts";
import { type Completer, type CompletionRequest, enrichAnalysis } from "./enrich.ts";

const DBT_DESCRIPTION =
  'The posting requires dbt ("Experience with dbt") and your resume never mentions it. If you have used it, add it to your skills section and write a bullet under Data Analyst at Summit Outdoor Co. that shows how, with a result. If you have not, plan to learn it and mention related experience instead.';
const YEARS_DESCRIPTION =
  "Your resume shows 3.5 relevant years (6.8 in total) against 4+ required. Add earlier or part-time roles, internships, freelance or volunteer work that used the same skills, with their dates.";
const DETAIL_DESCRIPTION =
  'The posting asks for attention to detail ("Attention to detail"). Add a bullet that proves it with a concrete example from Data Analyst at Summit Outdoor Co.';

/** A result shaped like the engine's, built by hand so these tests need no engine data. */
const RESULT: TAnalysisResult = ZAnalysisResult.parse({
  engineVersion: "1.0.0",
  overallScore: 64,
  scoreBreakdown: [
    {
      key: "requiredSkills",
      label: "Required skills",
      weight: 0.4,
      value: 70,
      points: 28,
      explanation: "3 of 5.",
    },
    {
      key: "preferredSkills",
      label: "Preferred skills",
      weight: 0.1,
      value: 0,
      points: 0,
      explanation: "0 of 1.",
    },
    { key: "experience", label: "Experience", weight: 0.2, value: 80, points: 16, explanation: "3.5 of 4." },
    { key: "title", label: "Job title fit", weight: 0.1, value: 80, points: 8, explanation: "Close." },
    { key: "education", label: "Education", weight: 0.05, value: 100, points: 5, explanation: "None." },
    { key: "ats", label: "ATS readiness", weight: 0.15, value: 47, points: 7, explanation: "Issues." },
  ],
  skillsMatch: {
    matched: [
      {
        skill: "SQL",
        level: "Advanced",
        priority: "Required",
        category: "hard",
        evidence: {
          text: "Responsible for weekly sales reports in Excel and SQL for 12 regional stores",
          section: "experience",
        },
        match: "exact",
      },
      {
        skill: "Excel",
        level: "Intermediate",
        priority: "Required",
        category: "tool",
        evidence: {
          text: "Responsible for weekly sales reports in Excel and SQL for 12 regional stores",
          section: "experience",
        },
        match: "exact",
      },
      {
        skill: "Tableau",
        level: "Intermediate",
        priority: "Required",
        category: "tool",
        evidence: {
          text: "Worked on dashboards in Tableau for the merchandising team",
          section: "experience",
        },
        match: "exact",
      },
    ],
    missing: [
      { skill: "dbt", priority: "Required", category: "tool" },
      { skill: "attention to detail", priority: "Required", category: "phrase" },
      { skill: "Snowflake", priority: "Preferred", category: "tool" },
    ],
  },
  atsAnalysis: {
    score: 47,
    issues: [
      { issue: "Few quantified results.", solution: "Add numbers you can stand behind.", severity: "Medium" },
    ],
    keywords: { found: ["SQL", "Excel", "Tableau"], missing: ["dbt", "Snowflake"] },
  },
  competitiveAnalysis: {
    marketAlignment: 60,
    industryMatch: 80,
    experienceLevel: "Mid-level",
    suggestions: ["Lead with SQL, Excel and Tableau."],
  },
  experienceComparison: {
    resumeYears: 6.8,
    requiredYears: 4,
    gap: 2.8,
    assessment: "Well-matched",
    experienceSources: [
      {
        role: "Data Analyst at Summit Outdoor Co.",
        relevance: "High",
        duration: "5 yrs 3 mos",
        transferableSkills: ["SQL"],
      },
    ],
    jobRequirements: [],
  },
  recommendations: [
    { title: "Add dbt to your resume", description: DBT_DESCRIPTION, impact: "high" },
    { title: "Account for the 4+ years the job asks for", description: YEARS_DESCRIPTION, impact: "high" },
    { title: "Show attention to detail", description: DETAIL_DESCRIPTION, impact: "medium" },
  ],
  preview: { before: ["dbt not shown"], after: ["dbt shown"], currentScore: 64, potentialScore: 79 },
  warnings: [],
});

const ACCEPTABLE_DBT =
  "This role requires dbt, and it does not appear anywhere in your resume yet. If you have worked with it, list it under your skills and add a bullet under Data Analyst at Summit Outdoor Co. showing how you used it and what came of it. If not, plan to learn it and point to related experience meanwhile.";

/** A completer that answers with a fixed text and records what it was asked. */
function answering(answer: string | object): Completer & { requests: CompletionRequest[] } {
  const requests: CompletionRequest[] = [];
  const complete = async (request: CompletionRequest) => {
    requests.push(request);
    return typeof answer === "string" ? answer : JSON.stringify(answer);
  };
  return Object.assign(complete, { requests });
}

const enrich = (complete: Completer, limits: { timeoutMs?: number; budgetMs?: number } = {}) =>
  enrichAnalysis({ result: RESULT, complete, ...limits });

/** The result with everything but recommendation descriptions and their marks, which alone may change. */
function facts(result: TAnalysisResult) {
  return {
    ...result,
    recommendations: result.recommendations.map(({ title, impact }) => ({ title, impact })),
  };
}

const unchanged = (fallback: string) => ({ result: RESULT, rewritten: [], fallback });

describe("enrichAnalysis: recommendations", () => {
  it("accepts a faithful rewrite, marks it and changes nothing else", async () => {
    const outcome = await enrich(answering({ recommendations: [{ index: 0, description: ACCEPTABLE_DBT }] }));
    expect(outcome.rewritten).toEqual([0]);
    expect(outcome.fallback).toBeNull();
    expect(outcome.result.recommendations[0]).toEqual({
      title: "Add dbt to your resume",
      description: ACCEPTABLE_DBT,
      impact: "high",
      rewritten: true,
    });
    expect(outcome.result.recommendations[1]).toEqual(RESULT.recommendations[1]);
    expect(outcome.result.recommendations[1]).not.toHaveProperty("rewritten");
    expect(facts(outcome.result)).toEqual(facts(RESULT));
    expect(ZAnalysisResult.parse(outcome.result)).toEqual(outcome.result);
    // The input result is never mutated.
    expect(RESULT.recommendations[0]?.description).toBe(DBT_DESCRIPTION);
  });

  it("keeps the numbers a rewrite carries over", async () => {
    const rewrite =
      "You show 3.5 relevant years (6.8 in total), and the role asks for 4+. List earlier roles, internships, freelance or volunteer work that used the same skills, with their dates.";
    const outcome = await enrich(answering({ recommendations: [{ index: "1", description: rewrite }] }));
    expect(outcome.result.recommendations[1]?.description).toBe(rewrite);
  });

  it.each([
    ["a new number", `${ACCEPTABLE_DBT} Doing so can raise your score by 40%.`],
    ["a new skill", ACCEPTABLE_DBT.replace("related experience", "related experience such as Kubernetes")],
    ["a new skill in lower case", ACCEPTABLE_DBT.replace("meanwhile", "meanwhile, kubernetes for one")],
    [
      "a skill the analysis names but this recommendation did not",
      `${ACCEPTABLE_DBT} The role also values Snowflake.`,
    ],
    ["a new employer", ACCEPTABLE_DBT.replace("meanwhile", "like the data teams at Google do")],
    ["a name no list knows", ACCEPTABLE_DBT.replace("meanwhile", "with Zorblax")],
    ["a dropped skill name", ACCEPTABLE_DBT.replaceAll("dbt", "this tool")],
    [
      "dropped figures (vaguer advice)",
      "You show fewer relevant years than the role asks for. List earlier roles, internships, freelance or volunteer work that used the same skills, with their dates.",
    ],
    [
      "a dropped requirement phrase",
      "Add a bullet that proves you are careful, with an example from Summit Outdoor Co.",
    ],
  ])("rejects %s and keeps the engine's text", async (_, rewrite) => {
    const index = rewrite.includes("careful") ? 2 : rewrite.includes("fewer relevant years") ? 1 : 0;
    const outcome = await enrich(answering({ recommendations: [{ index, description: rewrite }] }));
    expect(outcome).toEqual(unchanged("all-rejected"));
    expect(outcome.result).toBe(RESULT);
  });

  it("applies the accepted rewrites and drops the rejected ones", async () => {
    const outcome = await enrich(
      answering({
        recommendations: [
          {
            index: 2,
            description:
              'Show your attention to detail ("Attention to detail") with a bullet from Data Analyst at Summit Outdoor Co.',
          },
          { index: 0, description: ACCEPTABLE_DBT },
          { index: 1, description: "You have 2 years; the role asks for 10. Add more roles." },
          { index: 7, description: "Out of range." },
          { index: 0, description: "A second answer for the same index is ignored." },
        ],
      }),
    );
    expect(outcome.rewritten).toEqual([0, 2]);
    expect(outcome.result.recommendations.map((r) => [r.description, r.rewritten])).toEqual([
      [ACCEPTABLE_DBT, true],
      [YEARS_DESCRIPTION, undefined],
      [expect.stringContaining("Show your attention to detail"), true],
    ]);
  });

  it("allows a sentence-initial common word that is also a skill name", async () => {
    const rewrite = `${ACCEPTABLE_DBT} Make sure the dates are right.`;
    const outcome = await enrich(answering({ recommendations: [{ index: 0, description: rewrite }] }));
    expect(outcome.result.recommendations[0]?.description).toBe(rewrite);
  });

  it("asks once, in JSON mode, with the recommendations only", async () => {
    const complete = answering({ recommendations: [] });
    expect(await enrich(complete)).toEqual(unchanged("all-rejected"));
    expect(complete.requests).toHaveLength(1);
    const request = complete.requests[0] as CompletionRequest;
    expect(request.system).toContain('{"recommendations":[{"index":0,"description":"..."}]}');
    expect(request.maxTokens).toBeGreaterThan(0);
    expect(request.temperature).toBeLessThanOrEqual(0.3);
    const user = JSON.parse(request.user);
    expect(Object.keys(user)).toEqual(["task", "recommendations"]);
    expect(user.recommendations).toHaveLength(3);
    expect(user.recommendations[0]).toEqual({
      index: 0,
      title: "Add dbt to your resume",
      description: DBT_DESCRIPTION,
    });
  });

  it("asks nothing when there is nothing to reword", async () => {
    const complete = answering({ recommendations: [] });
    const result = { ...RESULT, recommendations: [] };
    expect(await enrichAnalysis({ result, complete })).toEqual({
      result,
      rewritten: [],
      fallback: "nothing-to-rewrite",
    });
    expect(complete.requests).toHaveLength(0);
  });
});

describe("enrichAnalysis with the engine's taxonomy", () => {
  // The engine's data (taxonomy, occupations, relevance) takes seconds to build on a busy machine.
  beforeAll(() => void engineData(), 60_000);

  const AWS = {
    title: "Add AWS to your resume",
    description:
      "The posting requires AWS and your resume never mentions it. If you have used it, add it to your skills section.",
    impact: "high" as const,
  };
  const withTaxonomy = (description: string) =>
    enrichAnalysis({
      result: {
        ...RESULT,
        skillsMatch: {
          ...RESULT.skillsMatch,
          missing: [...RESULT.skillsMatch.missing, { skill: "AWS", priority: "Required", category: "tool" }],
        },
        recommendations: [AWS],
      },
      complete: answering({ recommendations: [{ index: 0, description }] }),
    });

  it.each([
    [
      "a rewording",
      "This role requires AWS, which your resume never mentions. If you have used it, add it to your skills.",
    ],
    [
      "the long form of the same skill",
      "This role requires Amazon Web Services; add it to your skills if you have used it.",
    ],
    [
      "common words that are also skill names",
      "Go beyond a list: the posting requires AWS, and if you have used it, add it so you excel.",
    ],
  ])("accepts %s", async (_, description) => {
    expect((await withTaxonomy(description)).rewritten).toEqual([0]);
  });

  it.each([
    ["a new skill opening a sentence", `${AWS.description} Snowflake would help too.`],
    ["a new skill in lower case", `${AWS.description} Mention kubernetes as well.`],
    ["a new product name", `${AWS.description} Azure would do as well.`],
    [
      "a dropped skill",
      "This role requires a cloud platform your resume never mentions; add it if you have used it.",
    ],
  ])("rejects %s", async (_, description) => {
    expect((await withTaxonomy(description)).fallback).toBe("all-rejected");
  });
});

describe("enrichAnalysis: falling back", () => {
  it.each([
    ["malformed JSON", '{"recommendations": [{"index": 0, "description": '],
    ["no JSON at all", "Sorry, I cannot help with that."],
  ])("%s", async (_, answer) => {
    const complete = answering(answer);
    const outcome = await enrich(complete);
    expect(outcome).toEqual(unchanged("unreadable-answer"));
    expect(outcome.result).toBe(RESULT);
    // An answer cut short or garbled may come out right the second time.
    expect(complete.requests).toHaveLength(2);
  });

  it.each([
    ["the wrong shape", JSON.stringify({ recommendations: "all good" })],
    ["a JSON array", JSON.stringify([{ index: 0, description: ACCEPTABLE_DBT }])],
  ])("%s", async (_, answer) => {
    expect(await enrich(answering(answer))).toEqual(unchanged("all-rejected"));
  });

  it("reads JSON inside a code fence", async () => {
    const answer = `Here you go:\n\`\`\`json\n${JSON.stringify({ recommendations: [{ index: 0, description: ACCEPTABLE_DBT }] })}\n\`\`\``;
    const outcome = await enrich(answering(answer));
    expect(outcome.rewritten).toEqual([0]);
    expect(outcome.result.recommendations[0]?.description).toBe(ACCEPTABLE_DBT);
  });

  it("reads JSON after an opening fence that is never closed, and in an untagged fence", async () => {
    const json = JSON.stringify({ recommendations: [{ index: 0, description: ACCEPTABLE_DBT }] });
    for (const answer of [`\`\`\`json\n${json}`, `\`\`\`\n${json}\n\`\`\` and that is all`]) {
      expect((await enrich(answering(answer))).rewritten).toEqual([0]);
    }
  });

  it("keeps the engine's text when the check itself fails (its worker is gone)", async () => {
    const json = JSON.stringify({ recommendations: [{ index: 0, description: ACCEPTABLE_DBT }] });
    const outcome = await enrichAnalysis({
      result: RESULT,
      complete: answering(json),
      check: () => Promise.reject(new Error("document pool is closed")),
    });
    expect(outcome).toEqual(unchanged("failed"));
  });

  it("stops waiting after timeoutMs, aborts the request and does not ask again", async () => {
    const signals: AbortSignal[] = [];
    const never: Completer = (request) => {
      if (request.signal) signals.push(request.signal);
      return new Promise<string>(() => {});
    };
    expect(await enrich(never, { timeoutMs: 50, budgetMs: 5000 })).toEqual(unchanged("timeout"));
    expect(signals).toHaveLength(1);
    expect(signals[0]?.aborted).toBe(true);
  });

  it("gives a request no more than what is left of the budget", async () => {
    let signal: AbortSignal | undefined;
    const never: Completer = (request) => {
      signal = request.signal;
      return new Promise<string>(() => {});
    };
    const started = performance.now();
    expect(await enrich(never, { timeoutMs: 60_000, budgetMs: 50 })).toEqual(unchanged("timeout"));
    expect(performance.now() - started).toBeLessThan(5000);
    expect(signal?.aborted).toBe(true);
  });

  it("asks once more after a failure, within the budget", async () => {
    let calls = 0;
    const flaky: Completer = async () => {
      calls++;
      if (calls === 1) throw new Error("HTTP 502");
      return JSON.stringify({ recommendations: [{ index: 0, description: ACCEPTABLE_DBT }] });
    };
    const outcome = await enrich(flaky);
    expect(calls).toBe(2);
    expect(outcome.rewritten).toEqual([0]);
  });

  it("does not ask again when too little of the budget is left", async () => {
    let calls = 0;
    const slowFailure: Completer = async () => {
      calls++;
      await new Promise((resolve) => setTimeout(resolve, 80));
      throw new Error("HTTP 502");
    };
    expect(await enrich(slowFailure, { timeoutMs: 1000, budgetMs: 300 })).toEqual(unchanged("failed"));
    expect(calls).toBe(1);
  });

  it("survives a completer that rejects or throws", async () => {
    const rejects: Completer = async () => {
      throw new Error("HTTP 500");
    };
    const throws: Completer = () => {
      throw new Error("not even a promise");
    };
    expect(await enrich(rejects)).toEqual(unchanged("failed"));
    expect(await enrich(throws)).toEqual(unchanged("failed"));
  });

  it("gives the same outcome for the same model answer", async () => {
    const answer = {
      recommendations: [
        { index: 0, description: ACCEPTABLE_DBT },
        { index: 1, description: "Add 3 more years." },
      ],
    };
    const first = await enrich(answering(answer));
    const second = await enrich(answering(answer));
    expect(second).toEqual(first);
    expect(first.rewritten).toEqual([0]);
  });
});
