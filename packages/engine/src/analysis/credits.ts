/**
 * The hand-set numbers of the score, in one table: how much each way of meeting a requirement
 * earns, where a match stops being partial, how much each kind of line proves, and how much each
 * kind of requirement weighs. The component weights and the relevance calibration are fitted
 * (data/score-model.json); these are not, so each carries its reason here and in
 * docs/decisions/2026-11-27-engine-constants.md, which lists the same table.
 *
 * Changing a value moves scores: bump ENGINE_VERSION, re-record `npm run score:lock`, and show
 * `npm run eval:engine` before and after.
 */

/** One hand-set constant: its value and why it is that value. */
export type ScoringConstant = { readonly value: number; readonly why: string };

/** Every hand-set constant of the score, by name. */
export const SCORING_CONSTANTS = {
  // How a requirement is met (stage 4, analysis/match.ts): 0..1 before the evidence weighs.
  exact: {
    value: 1,
    why: "The skill itself, or one of its names: nothing is left to doubt.",
  },
  certificationWording: {
    value: 0.9,
    why: 'A certification shown as "Certified … operator": the credential, worded another way.',
  },
  narrower: {
    value: 0.85,
    why: "A narrower skill proves the broader one (PostgreSQL for SQL), though not all of it; still a match.",
  },
  stemWording: {
    value: 0.9,
    why: 'A multi-word skill said in other words on one line, or an acronym followed by its kind ("EDI systems").',
  },
  shownByWork: {
    value: 0.9,
    why: 'A concept shown by how a role\'s work reads ("reconciled 200 accounts") rather than by its name.',
  },
  relative: {
    value: 0.4,
    why: "Only the broader skill or a sibling: related knowledge, not the skill asked for; partial.",
  },
  partialPhrase: {
    value: 0.5,
    why: "Some of a phrase's distinctive words on one line: partial.",
  },
  partialExperienceFloor: {
    value: 0.25,
    why: "Experience in the field asked, however short of the years: worth something, partial.",
  },
  partialExperienceCap: {
    value: 0.8,
    why: "Experience short of the years asked stays partial (below matchedAt) whatever the share.",
  },
  // Thresholds of a match.
  matchedAt: {
    value: 0.85,
    why: 'The credit from which a requirement shows as "matched" rather than "partial": a narrower skill still matches.',
  },
  phraseShare: {
    value: 0.7,
    why: "The distinctive share of a phrase's words one line must show for the phrase to be met.",
  },
  partialPhraseShare: {
    value: 0.4,
    why: "The share from which a phrase is partly met.",
  },
  longSkillWordingShare: {
    value: 0.66,
    why: "A skill of three words or more said in other words needs two of three of its words on one line; shorter ones need all.",
  },
  experienceSlackYears: {
    value: 0.25,
    why: 'Years of slack on an experience ask, the same for a field\'s roles and the experience fit: "2019 - 2023" is four years however its months are counted.',
  },
  // How much a line proves (analysis/evidence.ts); c is the corroboration, 0..1.
  evidenceRole: {
    value: 1,
    why: "A bullet under a dated role proves the skill was used.",
  },
  evidenceCredential: {
    value: 1,
    why: "A certifications section, or a line about a degree or a school, proves a credential.",
  },
  evidenceProject: {
    value: 0.9,
    why: "A project shows use, with less at stake than a job.",
  },
  evidenceSummaryBase: {
    value: 0.5,
    why: "A summary claims a skill; half believed on its own …",
  },
  evidenceSummaryCorroborated: {
    value: 0.4,
    why: "… and up to 0.4 more as far as the roles back the claim (0.5 + 0.4c).",
  },
  evidenceListBase: {
    value: 0.3,
    why: "A skills list only names a skill, so keyword stuffing pays little on its own …",
  },
  evidenceListCorroborated: {
    value: 0.6,
    why: "… and up to 0.6 more as far as the roles back the list (0.3 + 0.6c).",
  },
  evidenceCopied: {
    value: 0,
    why: "Text copied from the posting proves nothing.",
  },
  // How much each kind of requirement counts within its priority group (analysis/requirements.ts).
  weightSkill: {
    value: 1,
    why: "A named tool or skill: the surest thing wording can prove.",
  },
  weightSoftSkill: {
    value: 0.6,
    why: "A soft skill: wording proves it less reliably than a named tool.",
  },
  weightAlternatives: {
    value: 1,
    why: '"Go or Java" is one named skill, met by either.',
  },
  weightConcept: {
    value: 0.5,
    why: 'A concept such as "attention to detail": the least provable by wording.',
  },
  weightPhrase: {
    value: 0.6,
    why: "A free phrase of the posting: worded, like a soft skill.",
  },
  weightCredential: {
    value: 1,
    why: 'A credential written as a code ("Part 135"): held or not, like a named skill.',
  },
  weightExperience: {
    value: 1,
    why: "An experience ask, proved by dated roles.",
  },
} as const satisfies Record<string, ScoringConstant>;

export type ScoringConstantName = keyof typeof SCORING_CONSTANTS;

/** The values alone, for the code that uses them: `CREDIT.narrower` is 0.85. */
export const CREDIT: { readonly [K in ScoringConstantName]: (typeof SCORING_CONSTANTS)[K]["value"] } =
  Object.fromEntries(Object.entries(SCORING_CONSTANTS).map(([name, { value }]) => [name, value])) as {
    [K in ScoringConstantName]: (typeof SCORING_CONSTANTS)[K]["value"];
  };
