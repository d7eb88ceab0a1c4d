import { buildIfStale } from "../../scripts/build-if-stale.mjs";

/** Builds the web app and the API bundle once before the journeys start their servers. */
export default function setup() {
  buildIfStale();
}
