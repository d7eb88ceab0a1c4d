// Recommended certifications for common roles, read from scripts/data/curated/certifications.json
// (the file says how it was curated). Keys are O*NET-SOC codes (every role slug of that
// occupation gets the list) or role aliases from role-aliases.ts when an alias needs its own
// list; the build fails on an unknown key.
//
// A credential recommended for several roles is written out in each list; the schema checks
// that every writing of it names the same provider and study time, which the shared constants
// of the TypeScript list used to guarantee.
import { z } from "zod";
import { parseCurated, readCurated } from "./curated-file.ts";

export type CuratedCertification = {
  name: string;
  provider: string;
  /** 1–5. */
  relevance: number;
  /** Always ends with "(estimate)". */
  estimatedTime: string;
};

const text = z
  .string()
  .min(1, "must not be empty")
  .refine((s) => s === s.trim(), "has spaces around it");

/** One recommendation as written in the file; the build labels `time` as an estimate. */
const ZRecommendation = z.strictObject({
  name: text,
  provider: text,
  relevance: z.int().min(1).max(5),
  time: text.refine((s) => !/estimate/i.test(s), 'is labelled "(estimate)" by the build: leave it out'),
});

const ZCertificationsFile = z
  .strictObject({
    about: z.string(),
    groups: z.array(
      z.strictObject({
        about: z.string(),
        roles: z.record(z.string().min(1), z.array(ZRecommendation).min(1, "lists no certification")),
      }),
    ),
  })
  .superRefine((file, ctx) => {
    const roles = new Set<string>();
    const first = new Map<string, { provider: string; time: string; at: string }>();
    for (const [g, group] of file.groups.entries())
      for (const [role, list] of Object.entries(group.roles)) {
        if (roles.has(role))
          ctx.addIssue({ code: "custom", path: ["groups", g, "roles", role], message: "role listed twice" });
        roles.add(role);
        for (const [i, c] of list.entries()) {
          const at = `groups[${g}].roles.${role}[${i}]`;
          const seen = first.get(c.name);
          if (!seen) first.set(c.name, { provider: c.provider, time: c.time, at });
          else if (seen.provider !== c.provider || seen.time !== c.time)
            ctx.addIssue({
              code: "custom",
              path: ["groups", g, "roles", role, i],
              message: `provider or time differs from ${seen.at} (${seen.provider}, ${seen.time})`,
            });
        }
      }
  });

/** The recommendations by role key, in file order. */
function byRole(file: z.output<typeof ZCertificationsFile>): Record<string, CuratedCertification[]> {
  const out: Record<string, CuratedCertification[]> = {};
  for (const group of file.groups)
    for (const [role, list] of Object.entries(group.roles))
      out[role] = list.map((c) => ({
        name: c.name,
        provider: c.provider,
        relevance: c.relevance,
        estimatedTime: `${c.time} (estimate)`,
      }));
  return out;
}

/** Checks the text of a certifications file; throws a CuratedDataError naming every bad entry. */
export function parseCertifications(file: string, text: string): Record<string, CuratedCertification[]> {
  return byRole(parseCurated(file, text, ZCertificationsFile));
}

export const CERTIFICATIONS: Record<string, CuratedCertification[]> = byRole(
  readCurated("certifications.json", ZCertificationsFile),
);
