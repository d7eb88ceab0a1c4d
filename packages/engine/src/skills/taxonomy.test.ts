import { describe, expect, it } from "vitest";
import { tokenize } from "./taxonomy.ts";

// The reference reading of a token: one Unicode expression over the whole text.
const REFERENCE = /[\p{L}\p{N}.+#][\p{L}\p{N}+#.&/'’]*[\p{L}\p{N}+#]|[\p{L}\p{N}+#]/gu;
function reference(text: string) {
  const out: { text: string; start: number }[] = [];
  for (const match of text.replace(/[-_]/g, " ").matchAll(REFERENCE)) {
    let value = text.slice(match.index, match.index + match[0].length);
    let start = match.index;
    if (value.startsWith(".") && !/^\.[A-Za-z]{2,4}$/.test(value)) {
      value = value.slice(1);
      start += 1;
    }
    value = value.replace(/[.'’]+$/, "");
    if (value) out.push({ text: value, start });
  }
  return out;
}

describe("tokenize", () => {
  const cases = [
    "Built C++ and C# services on .NET, Node.js and CI/CD pipelines (R&D).",
    "• Led 12 engineers – shipped 3 releases — on time’s the rule",
    "Worked at “Acme” … then at Müller GmbH in Zürich",
    "Développeur Python à São Paulo; 数据 analysis; 𝐁𝐨𝐥𝐝 text",
    "Don’t split O’Brien’s name; end with a dot.",
  ];
  it.each(cases)("reads %j as the reference Unicode expression does", (text) => {
    expect(tokenize(text).map((t) => ({ text: t.text, start: t.start }))).toEqual(reference(text));
  });

  it("keeps curly apostrophes in the token and plain ones in its key", () => {
    const [token] = tokenize("O’Brien");
    expect(token).toMatchObject({ text: "O’Brien", norm: "o'brien", start: 0, end: 7 });
  });

  it("agrees with the reference on random mixes of token, separator and non-ASCII characters", () => {
    const alphabet = [
      "a",
      "B",
      "1",
      ".",
      "+",
      "#",
      "&",
      "/",
      "'",
      "’",
      "-",
      "_",
      " ",
      ",",
      "é",
      "•",
      "–",
      "😀",
      "𝐀",
      "\u0301",
      "٣",
    ];
    let seed = 7;
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed;
    };
    for (let n = 0; n < 3000; n++) {
      let text = "";
      for (let k = next() % 14; k >= 0; k--) text += alphabet[next() % alphabet.length];
      expect(
        tokenize(text).map((t) => ({ text: t.text, start: t.start })),
        JSON.stringify(text),
      ).toEqual(reference(text));
    }
  });
});
