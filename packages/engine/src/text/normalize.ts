/**
 * Text clean-up shared by the resume and job parsers. Extraction (PDF, DOCX) leaves ligatures,
 * private-use bullet glyphs, soft hyphens, letter-spaced headings and words broken across lines;
 * pasted text brings smart quotes and odd spaces. Everything downstream reads this form.
 */

const BULLET_CHARS = "•◦▪▫■□●○►▶▸▹➢➤➣✓✔✗❖◆◇⁃∙⦁⚫★☆➔→‣";
const BULLET_RE = new RegExp(
  `^[ \\t]*(?:[${BULLET_CHARS}]|[\\uE000-\\uF8FF]|[-*+~>–—](?=\\s)|o(?=\\s{1,3}[A-Z])|\\d{1,2}[.)](?=\\s+[A-Za-z])|\\p{Extended_Pictographic}\\uFE0F?(?=\\s))\\s*`,
  "u",
);

/** Normalises a whole document: one line per line, "• " for every bullet, plain quotes and spaces. */
export function normalizeText(input: string): string {
  let text = input.normalize("NFKC");
  // A soft hyphen inside a word is a hyphenation hint (dropped below); elsewhere typesetters use it
  // as the dash itself ("Sep. 2023 \u00AD Mar. 2024", "555-\u00AD\u20105555"), so it stays a dash.
  if (text.includes("\u00AD")) text = text.replace(/(?<!\p{L})\u00AD|\u00AD(?!\p{L})/gu, "-");
  // Line ends, invisible characters, odd spaces, smart quotes, dashes and tabs, in one pass.
  text = text.replace(
    /\r\n?|[\u00AD\u200B-\u200D\u2060\uFEFF\u00A0\u2000-\u200A\u202F\u205F\u3000\u2018\u2019\u201B\u2032\u201C\u201D\u201F\u2033\u2010\u2011\u2012\u2212\t]/g,
    plainCharacter,
  );
  // Pasted HTML: drop script/style bodies and tags, keep the text ("<li>Python</li>" -> "Python").
  if (text.includes("<")) text = dropScriptAndStyle(text).replace(/<\/?[a-z][^<>]*>/gi, " ");
  // Words hyphenated across a line break: "manage-\nment" -> "management".
  text = text.replace(/([a-z])-\n[ ]*([a-z])/g, "$1$2");
  const lines = text.split("\n").map(normalizeLine);
  return lines
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

const PLAIN: Record<string, string> = {
  "\r\n": "\n",
  "\r": "\n",
  "\t": "  ",
  "\u2018": "'",
  "\u2019": "'",
  "\u201B": "'",
  "\u2032": "'",
  "\u201C": '"',
  "\u201D": '"',
  "\u201F": '"',
  "\u2033": '"',
  "\u2010": "-",
  "\u2011": "-",
  "\u2012": "-",
  "\u2212": "-",
};

/** The plain form of a line end, invisible character (dropped), odd space, smart quote, dash or tab. */
function plainCharacter(char: string): string {
  const plain = PLAIN[char];
  if (plain !== undefined) return plain;
  return /[\u00AD\u200B-\u200D\u2060\uFEFF]/.test(char) ? "" : " ";
}

function normalizeLine(raw: string): string {
  // Markdown from pasted text: "# Name", "## Experience", "**Title**", "__Title__", "> quoted".
  // (trimEnd, not /\s+$/: the expression is quadratic on a long run of spaces inside a line.)
  let line = raw.trimEnd();
  if (line.includes(">")) line = line.replace(/^\s{0,3}>(?:[ ]?>)*[ ]?(?=\S)/, "");
  if (line.includes("#")) line = line.replace(/^\s{0,3}#{1,6}\s+/, "");
  if (line.includes("**") || line.includes("__"))
    line = line.replace(/\*\*(.+?)\*\*|__(.+?)__/g, (_, a, b) => a ?? b);
  // Rules under headings ("-----", "=====") carry no text.
  if (/^\s*[-=_*~]{3,}\s*$/.test(line)) return "";
  const bullet = BULLET_RE.exec(line);
  if (bullet && line.slice(bullet[0].length).trim().length > 0)
    line = `• ${line.slice(bullet[0].length).trim()}`;
  else line = line.trim();
  line = joinLetterSpaced(line);
  // Runs of spaces separate fields (columns, right-aligned dates): keep them as exactly two spaces.
  return line.replace(/ {2,}/g, "  ");
}

/** "E X P E R I E N C E" or "W O R K  E X P E R I E N C E" -> "EXPERIENCE" / "WORK EXPERIENCE". */
function joinLetterSpaced(line: string): string {
  if (!isLetterSpaced(line)) return line;
  const words = line.split(/ {2,}|\s\|\s/).map((word) => word.replace(/ /g, ""));
  return words.every((word) => word.length >= 1) ? words.join(" ") : line;
}

/**
 * Whether `line` has the shape /^(?:\S ){3,}\S(?:(?: {2,}|\s\|\s)(?:\S ?)+)*$/: letter-spaced words
 * separated by two or more spaces or a spaced bar. That expression is ambiguous (a run of spaces
 * splits between `\S ?` and ` {2,}` in several ways), so a backtracking engine takes time
 * exponential in the number of words when the line fails at its end ("A B C D   a   a … \v x"):
 * 20 words took 24 ms, 30 would take minutes. This walks the same automaton with a set of states
 * instead, one step per character.
 */
export function isLetterSpaced(line: string): boolean {
  let states = 1 << LS.start;
  for (let i = 0; i < line.length && states !== 0; i++) {
    const char = line[i] as string;
    const space = char === " ";
    const white = space || WHITE_SPACE.test(char);
    const bar = char === "|";
    let next = 0;
    const has = (state: number) => (states & (1 << state)) !== 0;
    if (!white) {
      // A non-space character: the next letter of the spaced prefix, a word's letter, or a bar.
      if (has(LS.start)) next |= 1 << LS.p1;
      if (has(LS.p2)) next |= 1 << LS.p3;
      if (has(LS.p4)) next |= 1 << LS.p5;
      if (has(LS.p6)) next |= 1 << LS.prefixEnd;
      if (has(LS.gap) || has(LS.barEnd) || has(LS.word) || has(LS.wordSpace)) next |= 1 << LS.word;
      if (bar && has(LS.barStart)) next |= 1 << LS.barMid;
    } else {
      if (space) {
        if (has(LS.p1)) next |= 1 << LS.p2;
        if (has(LS.p3)) next |= 1 << LS.p4;
        if (has(LS.p5) || has(LS.prefixEnd)) next |= 1 << LS.p6;
        if (has(LS.prefixEnd) || has(LS.word) || has(LS.wordSpace)) next |= 1 << LS.gap1;
        if (has(LS.gap1) || has(LS.gap)) next |= 1 << LS.gap;
        if (has(LS.word)) next |= 1 << LS.wordSpace;
      }
      if (has(LS.prefixEnd) || has(LS.word) || has(LS.wordSpace)) next |= 1 << LS.barStart;
      if (has(LS.barMid)) next |= 1 << LS.barEnd;
    }
    states = next;
  }
  return (states & ((1 << LS.prefixEnd) | (1 << LS.word) | (1 << LS.wordSpace))) !== 0;
}

/**
 * States of isLetterSpaced's automaton: p1…p6 and prefixEnd read "X Y Z W" (three or more letter
 * and space pairs, then a letter); gap1/gap a run of two or more spaces; barStart/barMid/barEnd a
 * spaced bar; word/wordSpace a word of letters with single spaces (`(?:\S ?)+`).
 */
const LS = {
  start: 0,
  p1: 1,
  p2: 2,
  p3: 3,
  p4: 4,
  p5: 5,
  p6: 6,
  prefixEnd: 7,
  gap1: 8,
  gap: 9,
  barStart: 10,
  barMid: 11,
  barEnd: 12,
  word: 13,
  wordSpace: 14,
} as const;

const WHITE_SPACE = /\s/;

/**
 * Pasted HTML's <script>/<style> elements, bodies included, replaced by a space — the expression
 * /<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi with indexOf: that expression rescans the rest of
 * the text from every unclosed "<script", quadratic on "<script <script <script …".
 */
export function dropScriptAndStyle(text: string): string {
  const OPEN = /<(script|style)\b/gi;
  const unclosed = new Set<string>();
  let out = "";
  let from = 0;
  for (let open = OPEN.exec(text); open; open = OPEN.exec(text)) {
    const name = (open[1] as string).toLowerCase();
    if (unclosed.has(name)) continue;
    const tagEnd = text.indexOf(">", OPEN.lastIndex);
    if (tagEnd < 0) break; // no ">" after this "<script", so none after a later one either
    const CLOSE = name === "script" ? /<\/script\s*>/gi : /<\/style\s*>/gi;
    CLOSE.lastIndex = tagEnd + 1;
    const close = CLOSE.exec(text);
    if (!close) {
      // Nothing closes this element, nor any later one of its name: never search again.
      unclosed.add(name);
      OPEN.lastIndex = open.index + 1;
      continue;
    }
    out += `${text.slice(from, open.index)} `;
    from = CLOSE.lastIndex;
    OPEN.lastIndex = from;
  }
  return out + text.slice(from);
}

/** True when the line is a bullet in normalised text. */
export function isBullet(line: string): boolean {
  return line.startsWith("• ");
}

/** The line without its bullet marker. */
export function stripBullet(line: string): string {
  return isBullet(line) ? line.slice(2) : line;
}
