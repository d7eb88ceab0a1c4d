import { createHmac } from "node:crypto";
import { base32Decode } from "../src/auth/totp-replay.ts";

/** The RFC 6238 code an authenticator app shows for `secret` (base32) now: 6 digits, 30 s steps, SHA-1. */
export function totp(secret: string, now = Date.now(), digits = 6, period = 30): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(now / 1000 / period)));
  const hmac = createHmac("sha1", base32Decode(secret)).update(counter).digest();
  const offset = (hmac[hmac.length - 1] ?? 0) & 15;
  const code = (hmac.readUInt32BE(offset) & 0x7fffffff) % 10 ** digits;
  return String(code).padStart(digits, "0");
}
