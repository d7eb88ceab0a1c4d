import { buildIfStale } from "../../scripts/build-if-stale.mjs";

/** Builds the API bundle (and the web app it serves) once before the suite starts its processes. */
export default function setup() {
  buildIfStale();
}
