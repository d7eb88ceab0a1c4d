export * from "./analyses.ts";
export * from "./analysis.ts";
export * from "./auth.ts";
export * from "./documents.ts";
export * from "./errors.ts";
export * from "./limits.ts";
export * from "./messages.ts";
export * from "./routes.ts";
