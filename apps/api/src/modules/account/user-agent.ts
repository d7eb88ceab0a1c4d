/** A browser and a device in words, from a User-Agent header, for the sessions list in Settings. */
export type UserAgentSummary = { browser: string; device: string };

/** Order matters: Edge and Opera say "Chrome" too, Chrome says "Safari", iPadOS may say "Macintosh". */
const BROWSERS: [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\/(\d+)/, "Edge"],
  [/\b(?:OPR|Opera)\/(\d+)/, "Opera"],
  [/\bSamsungBrowser\/(\d+)/, "Samsung Internet"],
  [/\b(?:Firefox|FxiOS)\/(\d+)/, "Firefox"],
  [/\b(?:Chrome|CriOS|Chromium)\/(\d+)/, "Chrome"],
  [/\bVersion\/(\d+)[^)]*\bSafari\//, "Safari"],
];

const DEVICES: [RegExp, string][] = [
  [/\biPad\b/, "iPad"],
  [/\biPhone\b/, "iPhone"],
  [/\bAndroid\b.*\bMobile\b/, "Android phone"],
  [/\bAndroid\b/, "Android tablet"],
  [/\bCrOS\b/, "ChromeOS"],
  [/\bWindows\b/, "Windows"],
  [/\bMac OS X\b|\bMacintosh\b/, "macOS"],
  [/\bLinux\b/, "Linux"],
];

/** Reads only the well-known tokens; anything else is "Unknown", never the raw header. */
export function describeUserAgent(userAgent: string | null | undefined): UserAgentSummary {
  const ua = userAgent ?? "";
  let browser = "Unknown browser";
  for (const [pattern, name] of BROWSERS) {
    const match = pattern.exec(ua);
    if (match) {
      browser = match[1] ? `${name} ${match[1]}` : name;
      break;
    }
  }
  const device = DEVICES.find(([pattern]) => pattern.test(ua))?.[1] ?? "Unknown device";
  return { browser, device };
}
