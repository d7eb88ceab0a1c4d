import { buildIfStale } from "../../scripts/build-if-stale.mjs";

/** Builds the web app and the API bundle once before the crash and shutdown tests spawn it. */
export default function setup() {
  buildIfStale();
}
