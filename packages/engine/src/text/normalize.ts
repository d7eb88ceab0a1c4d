/**
 * Text clean-up shared by the resume and job parsers. Extraction (PDF, DOCX) leaves ligatures,
 * private-use bullet glyphs, soft hyphens, letter-spaced headings and words broken across lines;
 * pasted text brings smart quotes and odd spaces. Everything downstream reads this form.
 */

const BULLET_CHARS = "•◦▪▫■□●○►▶▸▹➢➤➣✓✔✗❖◆◇⁃∙⦁⚫★☆➔→‣";
const BULLET_RE = new RegExp(
  `^[ \\t]*(?:[${BULLET_CHARS}]|[\\uE000-\\uF8FF]|[-*+~>](?=\\s)|o(?=\\s{1,3}[A-Z])|\\d{1,2}[.)](?=\\s+[A-Za-z])|\\p{Extended_Pictographic}\\uFE0F?(?=\\s))\\s*`,
  "u",
);

/** Normalises a whole document: one line per line, "• " for every bullet, plain quotes and spaces. */
export function normalizeText(input: string): string {
  let text = input.normalize("NFKC");
  // Line ends, invisible characters, odd spaces, smart quotes, dashes and tabs, in one pass.
  text = text.replace(
    /\r\n?|[\u00AD\u200B-\u200D\u2060\uFEFF\u00A0\u2000-\u200A\u202F\u205F\u3000\u2018\u2019\u201B\u2032\u201C\u201D\u201F\u2033\u2010\u2011\u2012\u2212\t]/g,
    plainCharacter,
  );
  // Pasted HTML: drop script/style bodies and tags, keep the text ("<li>Python</li>" -> "Python").
  if (text.includes("<"))
    text = text.replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, " ").replace(/<\/?[a-z][^<>]*>/gi, " ");
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
  if (!/^(?:\S ){3,}\S(?:(?: {2,}|\s\|\s)(?:\S ?)+)*$/.test(line)) return line;
  const words = line.split(/ {2,}|\s\|\s/).map((word) => word.replace(/ /g, ""));
  return words.every((word) => word.length >= 1) ? words.join(" ") : line;
}

/** True when the line is a bullet in normalised text. */
export function isBullet(line: string): boolean {
  return line.startsWith("• ");
}

/** The line without its bullet marker. */
export function stripBullet(line: string): string {
  return isBullet(line) ? line.slice(2) : line;
}
