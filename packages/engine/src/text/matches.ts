/**
 * Every match of a global expression in `text`, like `[...text.matchAll(re)]` without the copy of
 * the expression `matchAll` makes on each call (which costs more than the matching on short lines).
 * Collects the matches before returning, so the shared expression's state never leaks to a caller.
 */
export function allMatches(re: RegExp, text: string): RegExpExecArray[] {
  if (!re.global) throw new TypeError(`allMatches needs a global expression: ${re}`);
  const out: RegExpExecArray[] = [];
  re.lastIndex = 0;
  for (let match = re.exec(text); match; match = re.exec(text)) {
    out.push(match);
    // An empty match would be found again at the same place: step over one character (one code point in unicode mode).
    if (match[0] === "") {
      const code = text.charCodeAt(re.lastIndex);
      re.lastIndex += re.unicode && code >= 0xd800 && code <= 0xdbff ? 2 : 1;
    }
  }
  re.lastIndex = 0;
  return out;
}
