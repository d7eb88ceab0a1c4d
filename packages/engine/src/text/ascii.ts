const NON_ASCII = /[\u0080-\uffff]/g;
const WORD_CHARACTER = /^[\p{L}\p{N}]$/u;
const wordCharacters = new Map<string, boolean>();

/** Whether a non-ASCII character is a letter or digit (a surrogate half counts: it may be one). */
export function isWordCharacter(char: string): boolean {
  let word = wordCharacters.get(char);
  if (word === undefined) {
    const code = char.charCodeAt(0);
    word = (code >= 0xd800 && code <= 0xdfff) || WORD_CHARACTER.test(char);
    if (wordCharacters.size < 10_000) wordCharacters.set(char, word);
  }
  return word;
}

/**
 * Whether the text has a letter or digit outside ASCII. Most English documents have none (their
 * non-ASCII characters are bullets, dashes and quotes), and ASCII expressions can read them, several
 * times faster than Unicode ones.
 */
export function hasNonAsciiWordCharacter(text: string): boolean {
  NON_ASCII.lastIndex = 0;
  for (let match = NON_ASCII.exec(text); match; match = NON_ASCII.exec(text))
    if (isWordCharacter(match[0])) return true;
  return false;
}
