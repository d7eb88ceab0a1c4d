import { describe, expect, it } from "vitest";
import {
  droppedNumbers,
  droppedSkills,
  factSource,
  findNames,
  findNumbers,
  findSkills,
  newFacts,
  skillVocabulary,
} from "./facts.ts";

const vocab = skillVocabulary({
  names: [
    "dbt",
    "SQL",
    "Excel",
    "Tableau",
    "Python",
    "Kubernetes",
    "Power BI",
    "C++",
    "Node.js",
    "Go",
    "Make",
    "machine learning",
  ],
});

describe("findNumbers", () => {
  it.each([
    ["Cut costs by 40%", ["40"]],
    ["Served 1,200 customers a week", ["1200"]],
    ["A 3.5-year gap", ["3.5"]],
    ["five years and twenty-five clients", ["5", "25"]],
    ["Doubled sales twice", ["2", "2"]],
    ["Cut handling time by a third", ["one third"]],
    ["one of your strengths, first of all", []],
  ])("%s", (text, expected) => {
    expect(findNumbers(text)).toEqual(expected);
  });
});

describe("findSkills", () => {
  const names = (text: string) => findSkills(vocab, text).map((m) => m.surface);

  it("finds phrases and names with symbols in any case", () => {
    expect(names("Used machine Learning with c++ and node.js")).toEqual([
      "machine Learning",
      "c++",
      "node.js",
    ]);
  });

  it("needs one-word names written with their own capitalisation", () => {
    expect(names("Reports in Excel, SQL and Python")).toEqual(["Excel", "SQL", "Python"]);
    expect(names("dbt models. Used dbt daily")).toEqual(["dbt", "dbt"]);
    expect(names("You will excel at this; python is a snake")).toEqual([]);
  });

  it("reads a capitalised common word at the start of a sentence as prose", () => {
    expect(names("Make sure your dates line up. Go beyond duties.")).toEqual([]);
    expect(names("Build it with Make, then Go further")).toEqual(["Make", "Go"]);
  });
});

describe("findNames", () => {
  it("treats mid-sentence capitals as names and sentence-initial capitals as grammar", () => {
    expect(findNames("Highlight the work you did at Google. Reduced costs with AWS.")).toEqual([
      "Google",
      "AWS",
    ]);
  });

  it("still flags name-shaped words at the start of a sentence", () => {
    expect(findNames("GitHub shows it. IBM too. 3M as well.")).toEqual(["GitHub", "IBM", "3M"]);
  });

  it("ignores possessives, single letters and trade terms", () => {
    expect(findNames("Make sure the ATS reads Acme's dates, as I said in part A")).toEqual(["Acme"]);
  });
});

describe("newFacts", () => {
  const original = "Show Excel in a bullet under Data Analyst at Summit Outdoor Co.";
  const own = factSource(vocab, [original]);

  it("accepts rewording that uses only the original's facts", () => {
    expect(newFacts(vocab, "Give Excel its own bullet in your Summit Outdoor Co. role.", own)).toEqual([]);
  });

  it("rejects a number, a skill and a name that the original does not have", () => {
    expect(
      newFacts(vocab, "Show Excel and Kubernetes to lift your score by 40%, as at Google.", own),
    ).toEqual([
      { kind: "number", term: "40" },
      { kind: "skill", term: "Kubernetes" },
      { kind: "name", term: "Kubernetes" },
      { kind: "name", term: "Google" },
    ]);
  });

  it("takes nothing from other texts, however true", () => {
    // The resume has 12 stores and SQL; the model never saw it, so it cannot have them from there.
    expect(newFacts(vocab, "Show Excel and SQL across your 12 stores at Summit Outdoor Co.", own)).toEqual([
      { kind: "number", term: "12" },
      { kind: "skill", term: "SQL" },
      { kind: "name", term: "SQL" },
    ]);
  });
});

describe("droppedSkills", () => {
  it("lists vocabulary skills and requirement names the rewrite lost", () => {
    const original = "The posting requires dbt and Power BI; show attention to detail.";
    expect(
      droppedSkills(vocab, original, "Show the dbt work you have done.", ["dbt", "attention to detail"]),
    ).toEqual([
      { kind: "dropped-skill", term: "Power BI" },
      { kind: "dropped-skill", term: "attention to detail" },
    ]);
    expect(
      droppedSkills(vocab, original, "Show dbt, power BI and your attention to detail.", [
        "dbt",
        "attention to detail",
      ]),
    ).toEqual([]);
  });

  it("lets a rewrite drop a citation, but not the skills outside it", () => {
    const original =
      'The posting requires dbt ("Experience with dbt and Power BI") and your resume never mentions it.';
    expect(
      droppedSkills(vocab, original, "This role requires dbt, which your resume does not mention yet."),
    ).toEqual([]);
    expect(
      droppedSkills(vocab, original, "This role requires a tool your resume does not mention.", ["dbt"]),
    ).toEqual([{ kind: "dropped-skill", term: "dbt" }]);
  });
});

describe("droppedNumbers", () => {
  it("lists the figures a rewording lost, not those it kept in other words", () => {
    const original = "Add 5 years of Python work and two certifications to reach the 80 % band.";
    expect(droppedNumbers(original, "Add more Python work and some certifications.")).toEqual([
      { kind: "dropped-number", term: "5" },
      { kind: "dropped-number", term: "80" },
      { kind: "dropped-number", term: "2" },
    ]);
    expect(droppedNumbers(original, "Show five years of Python, 2 certifications, and reach 80 %.")).toEqual(
      [],
    );
  });

  it("lets a rewording drop a citation with its numbers", () => {
    const original = 'The posting asks for SQL ("3+ years of SQL") and your resume never names it.';
    expect(droppedNumbers(original, "The posting asks for SQL, which your resume does not name.")).toEqual(
      [],
    );
  });
});
