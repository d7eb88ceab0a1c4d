/** A browser and a device in words, from a User-Agent header, for the sessions list in Settings. */
export type UserAgentSummary = { browser: string; device: string };

/**
 * Counts the characters a scan reads: tests use it to prove the scan linear in the header's length
 * (a hostile header must cost its length, never its length squared).
 */
export type ScanMeter = { reads: number };

/** Product tokens (`Name/123`) that name a browser. Order matters when several appear: see BROWSER_ORDER. */
const BROWSER_TOKENS: ReadonlyMap<string, string> = new Map([
  ["Edg", "Edge"],
  ["Edge", "Edge"],
  ["EdgA", "Edge"],
  ["EdgiOS", "Edge"],
  ["OPR", "Opera"],
  ["Opera", "Opera"],
  ["SamsungBrowser", "Samsung Internet"],
  ["Firefox", "Firefox"],
  ["FxiOS", "Firefox"],
  ["Chrome", "Chrome"],
  ["CriOS", "Chrome"],
  ["Chromium", "Chrome"],
]);

/** Edge and Opera say "Chrome" too, Chrome says "Safari": the first of these found names the browser. */
const BROWSER_ORDER = ["Edge", "Opera", "Samsung Internet", "Firefox", "Chrome", "Safari"] as const;

/** iPadOS may say "Macintosh", Android says "Linux": the first of these found names the device. */
const DEVICE_ORDER = [
  "iPad",
  "iPhone",
  "Android phone",
  "Android tablet",
  "ChromeOS",
  "Windows",
  "macOS",
  "Linux",
] as const;

/** Words that name a device on their own. */
const DEVICE_WORDS: ReadonlyMap<string, (typeof DEVICE_ORDER)[number]> = new Map([
  ["iPad", "iPad"],
  ["iPhone", "iPhone"],
  ["CrOS", "ChromeOS"],
  ["Windows", "Windows"],
  ["Macintosh", "macOS"],
  ["Linux", "Linux"],
]);

function isWordChar(code: number): boolean {
  return (
    (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code === 95
  );
}

function isDigit(code: number): boolean {
  return code >= 48 && code <= 57;
}

/** Line terminators, where a regular expression's `.` stops (an "Android … Mobile" pair must share a line). */
function isLineEnd(code: number): boolean {
  return code === 10 || code === 13 || code === 0x2028 || code === 0x2029;
}

/**
 * Reads only the well-known tokens; anything else is "Unknown", never the raw header. One pass over
 * the header, word by word, with a constant look-ahead: no regular expression, so no backtracking
 * (`/\bAndroid\b.*\bMobile\b/` over "Android " × 2,000 took ~20 ms per header, for every session).
 */
export function describeUserAgent(userAgent: string | null | undefined, meter?: ScanMeter): UserAgentSummary {
  const ua = userAgent ?? "";
  const browsers = new Map<string, string>();
  const devices = new Set<string>();
  let androidOnLine = false;
  /** The first `Version/N` since the last ")": Safari's version, if a `Safari/` follows before a ")". */
  let safariVersion: string | null = null;

  /** The digits right after `/` at `slash`, or null when the word is not a product token with a number. */
  const versionAfter = (slash: number): string | null => {
    if (ua.charCodeAt(slash) !== 47 || !isDigit(ua.charCodeAt(slash + 1))) return null;
    let end = slash + 1;
    while (end < ua.length && isDigit(ua.charCodeAt(end))) end++;
    if (meter) meter.reads += end - slash;
    return ua.slice(slash + 1, end);
  };

  let i = 0;
  while (i < ua.length) {
    const code = ua.charCodeAt(i);
    if (meter) meter.reads++;
    if (!isWordChar(code)) {
      if (code === 41)
        safariVersion = null; // ")"
      else if (isLineEnd(code)) androidOnLine = false;
      i++;
      continue;
    }
    const start = i;
    while (i < ua.length && isWordChar(ua.charCodeAt(i))) i++;
    if (meter) meter.reads += i - start - 1;
    // Only short words can be tokens we know: a 100 KB word costs its scan and nothing more.
    if (i - start > 16) continue;
    const word = ua.slice(start, i);
    const browser = BROWSER_TOKENS.get(word);
    if (browser) {
      const version = versionAfter(i);
      if (version !== null && !browsers.has(browser)) browsers.set(browser, version);
    } else if (word === "Version") {
      const version = versionAfter(i);
      if (version !== null && safariVersion === null) safariVersion = version;
    } else if (word === "Safari") {
      if (safariVersion !== null && ua.charCodeAt(i) === 47 && !browsers.has("Safari"))
        browsers.set("Safari", safariVersion);
    } else if (word === "Android") {
      devices.add("Android tablet");
      androidOnLine = true;
    } else if (word === "Mobile") {
      if (androidOnLine) devices.add("Android phone");
    } else if (word === "Mac") {
      // "Mac OS X" as three words (the next character, if any, must end the "X").
      if (ua.startsWith(" OS X", i) && !isWordChar(ua.charCodeAt(i + 5))) devices.add("macOS");
    } else {
      const device = DEVICE_WORDS.get(word);
      if (device) devices.add(device);
    }
  }

  const browserName = BROWSER_ORDER.find((name) => browsers.has(name));
  return {
    browser: browserName ? `${browserName} ${browsers.get(browserName)}` : "Unknown browser",
    device: DEVICE_ORDER.find((name) => devices.has(name)) ?? "Unknown device",
  };
}
