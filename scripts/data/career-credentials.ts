// Curated routes into credentialed occupations: the education a new entrant usually completes and
// the licence the occupation legally requires (U.S.; state rules vary). The O*NET release shipped
// in /work/shared/data has the education categories but not the per-occupation "Education,
// Training, and Experience" ratings and no licence data, so these are written by hand from
// licensing boards' public requirements; every duration is a typical estimate and the UI says so.
// Education levels use O*NET's "Required Level of Education" categories (1–12).
import type { CareerCredential } from "../../packages/engine/src/career/types.ts";

const c = (
  educationLevel: number,
  [short, programme]: [string, string],
  years: [number, number],
  shownBy: string,
  licence?: CareerCredential["licence"],
  yearsWithDegree?: [number, number],
): CareerCredential => ({
  educationLevel,
  programme,
  short,
  years,
  ...(yearsWithDegree ? { yearsWithDegree } : {}),
  ...(licence ? { licence } : {}),
  shownBy,
});

export const CREDENTIALS: Record<string, CareerCredential> = {
  "29-1141.00": c(
    5,
    [
      "ADN or BSN nursing degree",
      "Associate Degree in Nursing (ADN) or Bachelor of Science in Nursing (BSN), with clinical rotations",
    ],
    [2, 4],
    "\\bRN\\b|registered nurse|NCLEX-RN|\\bBSN\\b|\\bADN\\b|bachelor of science in nursing|associate (degree )?in nursing",
    { name: "NCLEX-RN", body: "NCSBN and your state board of nursing", time: "2–3 months" },
    [1, 2],
  ),
  "29-2061.00": c(
    3,
    ["Practical nursing certificate", "State-approved practical nursing certificate"],
    [1, 1.5],
    "\\bLPN\\b|\\bLVN\\b|licensed practical nurse|NCLEX-PN|\\bRN\\b|registered nurse",
    { name: "NCLEX-PN", body: "NCSBN and your state board of nursing", time: "1–2 months" },
  ),
  "31-1131.00": c(
    3,
    ["Nurse aide training", "State-approved nurse aide training programme"],
    [0.1, 0.3],
    "\\bCNA\\b|certified nursing assistant|nurse aide|\\bLPN\\b|\\bRN\\b",
    { name: "State CNA competency exam", body: "your state's nurse aide registry", time: "2–4 weeks" },
  ),
  "29-1171.00": c(
    8,
    [
      "Nursing degree, RN licence and MSN or DNP",
      "Nursing degree and RN licence, then a Master of Science in Nursing (MSN) or DNP nurse practitioner programme",
    ],
    [6, 8],
    "nurse practitioner|\\bNP\\b|\\bFNP\\b|\\bMSN\\b|\\bDNP\\b",
    { name: "National NP board certification (AANP or ANCC)", body: "AANPCB or ANCC", time: "2–4 months" },
  ),
  "29-1292.00": c(
    5,
    ["Dental hygiene associate degree", "Associate degree in dental hygiene (CODA-accredited)"],
    [2, 3],
    "dental hygienist|\\bRDH\\b",
    {
      name: "National Board Dental Hygiene Examination and state licence",
      body: "JCNDE and your state dental board",
      time: "2–3 months",
    },
  ),
  "29-2034.00": c(
    5,
    ["Radiography associate degree", "Associate degree in radiography (JRCERT-accredited)"],
    [2, 2],
    "radiologic technologist|\\bARRT\\b|radiographer",
    { name: "ARRT Radiography certification", body: "ARRT", time: "1–3 months" },
  ),
  "29-1126.00": c(
    5,
    ["Respiratory therapy associate degree", "Associate degree in respiratory therapy (CoARC-accredited)"],
    [2, 2],
    "respiratory therapist|\\bRRT\\b|\\bCRT\\b",
    { name: "NBRC Therapist Multiple-Choice Examination (CRT/RRT)", body: "NBRC", time: "1–3 months" },
  ),
  "29-1051.00": c(
    10,
    ["PharmD", "Doctor of Pharmacy (PharmD), after pre-pharmacy coursework"],
    [6, 8],
    "pharmacist|pharm\\.?d",
    { name: "NAPLEX and MPJE", body: "NABP and your state board of pharmacy", time: "2–3 months" },
  ),
  "29-1123.00": c(
    11,
    ["Bachelor's, then a DPT", "Bachelor's degree, then a Doctor of Physical Therapy (DPT)"],
    [7, 7],
    "physical therapist|\\bDPT\\b",
    { name: "National Physical Therapy Examination (NPTE)", body: "FSBPT", time: "2–3 months" },
    [3, 3],
  ),
  "29-1122.00": c(
    8,
    ["Bachelor's, then a master's in OT", "Bachelor's degree, then a master's in occupational therapy"],
    [6, 7],
    "occupational therapist|\\bOTR\\b|\\bMOT\\b",
    { name: "NBCOT OTR examination", body: "NBCOT", time: "2–3 months" },
    [2, 3],
  ),
  "29-1021.00": c(
    10,
    ["Bachelor's, then a DDS or DMD", "Bachelor's degree, then a DDS or DMD dental degree"],
    [8, 8],
    "dentist|\\bDDS\\b|\\bDMD\\b",
    {
      name: "Integrated National Board Dental Examination and state licence",
      body: "JCNDE and your state dental board",
      time: "3–6 months",
    },
    [4, 4],
  ),
  "29-1131.00": c(
    10,
    ["Bachelor's, then a DVM", "Bachelor's degree, then a Doctor of Veterinary Medicine (DVM)"],
    [8, 8],
    "veterinarian|\\bDVM\\b|\\bVMD\\b",
    { name: "North American Veterinary Licensing Examination (NAVLE)", body: "ICVA", time: "2–4 months" },
    [4, 4],
  ),
  "23-1011.00": c(
    10,
    ["Bachelor's, then a JD", "Bachelor's degree, then a Juris Doctor (JD)"],
    [7, 7],
    "attorney|lawyer|juris doctor|\\bJ\\.?D\\.?\\b|bar admission",
    { name: "State bar examination", body: "your state bar (NCBE exams)", time: "2–4 months" },
    [3, 3],
  ),
  "25-2021.00": c(
    6,
    [
      "Bachelor's degree in education",
      "Bachelor's degree in education with supervised student teaching (or an alternative certification programme)",
    ],
    [4, 4],
    "teach(er|ing) (licen[cs]e|certificat)|certified teacher|student teaching",
    {
      name: "State teaching licence (Praxis or the state's exams)",
      body: "your state department of education",
      time: "2–4 months",
    },
    [1, 2],
  ),
  "25-2031.00": c(
    6,
    [
      "Bachelor's and teacher preparation",
      "Bachelor's degree in the subject and a teacher preparation programme with student teaching",
    ],
    [4, 4],
    "teach(er|ing) (licen[cs]e|certificat)|certified teacher|student teaching",
    {
      name: "State teaching licence (Praxis or the state's exams)",
      body: "your state department of education",
      time: "2–4 months",
    },
    [1, 2],
  ),
  "47-2111.00": c(
    2,
    [
      "Electrical apprenticeship",
      "Registered electrical apprenticeship (classroom and paid on-the-job hours)",
    ],
    [4, 5],
    "electrician|electrical apprentice",
    {
      name: "State journeyman electrician licence exam",
      body: "your state electrical licensing board",
      time: "1–2 months",
    },
  ),
  "47-2152.00": c(
    2,
    ["Plumbing apprenticeship", "Registered plumbing apprenticeship (classroom and paid on-the-job hours)"],
    [4, 5],
    "plumber|plumbing apprentice",
    { name: "State journeyman plumber licence exam", body: "your state plumbing board", time: "1–2 months" },
  ),
  "49-9021.00": c(
    3,
    ["HVAC certificate or apprenticeship", "HVAC technician certificate or apprenticeship"],
    [0.5, 2],
    "\\bHVAC\\b|EPA (section )?608",
    {
      name: "EPA Section 608 certification",
      body: "U.S. EPA-approved testing organisations",
      time: "2–6 weeks",
    },
  ),
  "53-3032.00": c(
    3,
    ["Commercial driver training", "Commercial driver training programme"],
    [0.1, 0.2],
    "\\bCDL\\b|truck driver",
    {
      name: "Commercial Driver's License (CDL Class A)",
      body: "your state DMV",
      time: "3–7 weeks",
    },
  ),
  "39-5012.00": c(
    3,
    ["Cosmetology programme", "State-approved cosmetology programme"],
    [0.75, 1.5],
    "cosmetolog|hairdresser|hair stylist",
    { name: "State cosmetology licence exam", body: "your state board of cosmetology", time: "1–2 months" },
  ),
  "41-9022.00": c(
    2,
    ["Real estate pre-licensing course", "Real estate pre-licensing course"],
    [0.1, 0.3],
    "real estate (agent|salesperson|licen[cs]e)|realtor",
    {
      name: "State real estate salesperson licence exam",
      body: "your state real estate commission",
      time: "2–6 weeks",
    },
  ),
  "29-2052.00": c(
    3,
    ["Pharmacy technician training", "Pharmacy technician training programme"],
    [0.3, 1],
    "pharmacy technician|\\bCPhT\\b|\\bPTCB\\b",
    { name: "Pharmacy Technician Certification Exam (PTCE)", body: "PTCB", time: "1–2 months" },
  ),
  "13-2011.00": c(
    6,
    ["Bachelor's in accounting", "Bachelor's degree in accounting (150 semester hours for the CPA)"],
    [4, 5],
    "accountant|accounting (degree|major)|\\bCPA\\b|bachelor.{0,30}accounting",
    undefined,
    [1, 2],
  ),
  "17-2051.00": c(
    6,
    ["Bachelor's in civil engineering", "ABET-accredited bachelor's degree in civil engineering"],
    [4, 4],
    "civil engineer|\\bEIT\\b|\\bP\\.?E\\.?\\b",
    {
      name: "Fundamentals of Engineering (FE) exam (the PE licence follows after 4 years' experience)",
      body: "NCEES",
      time: "2–3 months",
    },
  ),
  "21-1022.00": c(
    8,
    ["Master of Social Work (MSW)", "Master of Social Work (MSW)"],
    [6, 6],
    "social worker|\\bMSW\\b|\\bLCSW\\b",
    {
      name: "ASWB clinical or master's examination and state licence",
      body: "ASWB and your state board",
      time: "2–3 months",
    },
    [2, 2],
  ),
};
