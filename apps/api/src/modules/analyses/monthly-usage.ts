// Moved to modules/usage/ (the module that owns counting analyses against the plan). Kept until
// analyses.service.ts imports from there; then delete this file.
export * from "../usage/monthly-usage.ts";
