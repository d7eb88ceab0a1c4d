import { describe, expect, it } from "vitest";
import { parseResume } from "../resume/parse-resume.ts";
import { dropScriptAndStyle, isLetterSpaced, normalizeText } from "./normalize.ts";

/*
 * Pasted text is untrusted: normalising and parsing it must take time about linear in its length,
 * whatever its shape. These tests time the pipeline at n and 4n characters and compare (the fastest
 * of five runs of each, taken in turn so that a burst of load elsewhere slows both sizes alike, with
 * a floor so tiny times do not make wild ratios): linear work grows ~4×, quadratic ~16×, so the
 * bound of 8 leaves room for a noisy shared machine and still catches the bad ones. No absolute time
 * is asserted.
 */

const RATIO_MAX = 8;
const FLOOR_MS = 5;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
}

function timeMs(work: () => void, runs = 3): number {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    work();
    times.push(performance.now() - started);
  }
  return median(times);
}

const pipeline = (text: string) => () => parseResume(normalizeText(text));

/** Growth of the pipeline's time from n to 4n characters of `make`'s shape. */
function growth(make: (n: number) => string, n: number): { small: number; large: number; ratio: number } {
  const runSmall = pipeline(make(n));
  const runLarge = pipeline(make(4 * n));
  let small = Number.POSITIVE_INFINITY;
  let large = Number.POSITIVE_INFINITY;
  for (let i = 0; i < 5; i++) {
    small = Math.min(small, timeMs(runSmall, 1));
    large = Math.min(large, timeMs(runLarge, 1));
  }
  return { small, large, ratio: large / Math.max(small, FLOOR_MS) };
}

const repeatTo = (unit: string, n: number) => unit.repeat(Math.ceil(n / unit.length)).slice(0, n);

/** Adversarial shapes: long runs and repeated separators, as one long line and as many lines. */
const SHAPES: Record<string, (n: number) => string> = {
  "a long run of spaces inside a line": (n) => `Jordan Doe${" ".repeat(n)}x\nSKILLS\nTypeScript`,
  "a long run of spaces at a line end": (n) => `Jordan Doe${" ".repeat(n)}\nSKILLS`,
  "tabs and no-break spaces": (n) => `Jordan\t${repeatTo("\t \u00a0", n)}Doe`,
  "unclosed brackets": (n) => `${"(".repeat(n / 2)}\n${"[".repeat(n / 2)}`,
  "unclosed tags": (n) => repeatTo("<a ", n),
  "unclosed script elements": (n) => repeatTo("<script ", n),
  "script elements never closed": (n) => repeatTo("<script>x", n),
  "repeated commas": (n) => repeatTo("a, ", n),
  "repeated bars": (n) => repeatTo("a | ", n),
  "repeated dashes": (n) => repeatTo("- ", n),
  "one very long line of words": (n) => repeatTo("word ", n),
  "letter-spaced words": (n) => `${repeatTo("A ", n)}  `,
  "letter-spaced words that fail at the end": (n) => `A B C D${repeatTo("   a", n)}\u000bx`,
  "unclosed bold markers": (n) => repeatTo("**a", n),
  digits: (n) => "1".repeat(n),
  "many blank lines": (n) => "\n".repeat(n),
  "many bullet lines": (n) => repeatTo("• a\n", n),
  "date ranges": (n) => `EXPERIENCE\n${repeatTo("2020 - ", n)}`,
  "dotted names before an at-sign": (n) => `${repeatTo("a.", n)}@`,
  "rules of dashes": (n) => `${" ".repeat(n / 2)}${"-".repeat(n / 2)}x`,
};

describe("the pasted-text pipeline is linear in its input", () => {
  it("reads a letter-spaced line that fails at its end without backtracking (was exponential in its words)", () => {
    // 6 words → 24 words: the old expression went from under a millisecond to about half a second.
    const line = (words: number) => `A B C D${"   a".repeat(words)}\u000bx`;
    const small = timeMs(() => normalizeText(line(6)), 5);
    const large = timeMs(() => normalizeText(line(24)), 5);
    expect(large / Math.max(small, FLOOR_MS)).toBeLessThan(RATIO_MAX);
    expect(normalizeText(line(24))).toBe(line(24).replace(/ {2,}/g, "  "));
  });

  for (const [name, make] of Object.entries(SHAPES)) {
    it(`grows about linearly on ${name}`, () => {
      pipeline(make(2_000))(); // warm the code paths
      const result = growth(make, 10_000);
      expect(result.ratio, `${result.small.toFixed(1)} ms → ${result.large.toFixed(1)} ms`).toBeLessThan(
        RATIO_MAX,
      );
    });
  }
});

/** The expressions the linear code replaced: the rewrite must answer exactly as they did. */
const OLD_LETTER_SPACED = /^(?:\S ){3,}\S(?:(?: {2,}|\s\|\s)(?:\S ?)+)*$/;
const OLD_SCRIPT_STYLE = /<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi;

function lcg(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) >>> 0;
    return state / 2 ** 32;
  };
}

function randomString(random: () => number, atoms: string[], maxAtoms: number): string {
  const count = Math.floor(random() * (maxAtoms + 1));
  let out = "";
  for (let i = 0; i < count; i++) out += atoms[Math.floor(random() * atoms.length)];
  return out;
}

describe("the linear rewrites answer as the expressions they replace", () => {
  it("isLetterSpaced agrees with the old expression on 20,000 short strings", () => {
    const random = lcg(14);
    const atoms = ["A", "b", " ", " ", "  ", "|", "\u000b", "\t", "x|", "É"];
    for (let i = 0; i < 20_000; i++) {
      const line = randomString(random, atoms, 12);
      expect(isLetterSpaced(line), JSON.stringify(line)).toBe(OLD_LETTER_SPACED.test(line));
    }
    for (const line of [
      "E X P E R I E N C E",
      "W O R K  E X P E R I E N C E",
      "S K I L L S | T O O L S",
      "A B C",
    ])
      expect(isLetterSpaced(line), line).toBe(OLD_LETTER_SPACED.test(line));
  });

  it("dropScriptAndStyle agrees with the old expression on 20,000 short strings", () => {
    const random = lcg(26);
    const atoms = [
      "<script>",
      "<SCRIPT a=1>",
      "</script>",
      "</script >",
      "</Script\n>",
      "<style>",
      "</style>",
      "<scripts>",
      "<script",
      "x",
      ">",
      " ",
      "<",
      "</",
    ];
    for (let i = 0; i < 20_000; i++) {
      const text = randomString(random, atoms, 10);
      expect(dropScriptAndStyle(text), JSON.stringify(text)).toBe(text.replace(OLD_SCRIPT_STYLE, " "));
    }
  });
});
