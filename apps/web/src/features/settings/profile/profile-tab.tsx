/** Work in progress: replaced by the real tab in this change. */
export function ProfileTab() {
  return null;
}
