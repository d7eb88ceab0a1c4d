/** "4242424242424242" → "4242 4242 4242 4242": digits only, at most 19, in groups of four. */
export function formatCardNumber(raw: string): string {
  const digits = raw.replace(/\D/g, "").slice(0, 19);
  return digits.replace(/(\d{4})(?=\d)/g, "$1 ");
}

/** "1230" → "12 / 30": the "MM / YY" the test-payment API reads. */
export function formatExpiry(raw: string): string {
  const digits = raw.replace(/\D/g, "").slice(0, 4);
  return digits.length <= 2 ? digits : `${digits.slice(0, 2)} / ${digits.slice(2)}`;
}

/** Three or four digits. */
export function formatCvc(raw: string): string {
  return raw.replace(/\D/g, "").slice(0, 4);
}
