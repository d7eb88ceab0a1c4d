import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

/**
 * A browser that has signed in to an account before carries a cookie saying so, signed with the
 * server's secret: `<deviceId>.<mac>.<mac>…`, one MAC per account (its email) proved from this
 * browser, newest first. Sign-in attempts from such a browser draw on a per-email budget of their own
 * (keyed by the device id), so strangers spending the shared per-email budget cannot lock the owner
 * out of the browsers they already use. Nobody can make an entry without the secret; a stolen cookie
 * only gets the same small budget, for that one device.
 */
export const KNOWN_DEVICE_COOKIE = "known_device";

/** At most this many accounts are remembered per browser (a shared family computer). */
const MAX_ACCOUNTS = 10;
const MAX_AGE_SECONDS = 180 * 24 * 60 * 60;
const DEVICE_ID = /^[A-Za-z0-9_-]{22}$/;

function mac(secret: string, deviceId: string, email: string): string {
  return createHmac("sha256", secret)
    .update(`known-device\n${deviceId}\n${email.trim().toLowerCase()}`)
    .digest("base64url")
    .slice(0, 22);
}

function parse(value: string | undefined): { deviceId: string; macs: string[] } | null {
  if (!value) return null;
  const [deviceId, ...macs] = value.split(".");
  if (!deviceId || !DEVICE_ID.test(deviceId)) return null;
  return { deviceId, macs: macs.filter((entry) => entry.length === 22).slice(0, MAX_ACCOUNTS) };
}

/** The device id when this cookie proves an earlier sign-in to `email` from this browser, else null. */
export function knownDeviceFor(secret: string, cookie: string | undefined, email: string): string | null {
  const parsed = parse(cookie);
  if (!parsed) return null;
  const expected = Buffer.from(mac(secret, parsed.deviceId, email));
  const known = parsed.macs.some((entry) => {
    const candidate = Buffer.from(entry);
    return candidate.length === expected.length && timingSafeEqual(candidate, expected);
  });
  return known ? parsed.deviceId : null;
}

/** The cookie's new value after a successful sign-in to `email`: the same device id, this account first. */
export function rememberDevice(secret: string, cookie: string | undefined, email: string): string {
  const parsed = parse(cookie);
  const deviceId = parsed?.deviceId ?? randomBytes(16).toString("base64url");
  const entry = mac(secret, deviceId, email);
  const macs = [entry, ...(parsed?.macs ?? []).filter((other) => other !== entry)].slice(0, MAX_ACCOUNTS);
  return [deviceId, ...macs].join(".");
}

/** The Set-Cookie header for the value: HttpOnly, only sent to the auth endpoints. */
export function knownDeviceSetCookie(name: string, value: string, secure: boolean): string {
  return `${name}=${value}; Max-Age=${MAX_AGE_SECONDS}; Path=/api/auth; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
}
