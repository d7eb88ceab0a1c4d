// Recommended certifications for common roles, curated by hand: no open list of certifications
// exists (see ../shared/data/README.md). Only real, well-known credentials; "relevance" is our
// judgement (1–5) of how much the credential helps in that role, and every study time is a rough
// estimate for someone already working toward the role, labelled as one wherever it is shown.
//
// Keys are O*NET-SOC codes (every role slug of that occupation gets the list) or role aliases
// from role-aliases.ts when an alias needs its own list (a product manager and a marketing
// manager share O*NET's Marketing Managers). The build fails on an unknown key.

export type CuratedCertification = {
  name: string;
  provider: string;
  /** 1–5. */
  relevance: number;
  /** Always ends with "(estimate)". */
  estimatedTime: string;
};

function c(name: string, provider: string, relevance: number, time: string): CuratedCertification {
  return { name, provider, relevance, estimatedTime: `${time} (estimate)` };
}

const AWS = "Amazon Web Services";
const MS = "Microsoft";
const GC = "Google Cloud";
const LF = "The Linux Foundation";
const PMI = "Project Management Institute";
const AHA = "American Heart Association";
const NCEES = "NCEES";
const OSHA10 = c("OSHA 10-Hour Construction", "OSHA Outreach Training Program", 4, "2 days");
const SERVSAFE_HANDLER = c("ServSafe Food Handler", "National Restaurant Association", 4, "1 day");
const SERVSAFE_MANAGER = c(
  "ServSafe Food Protection Manager",
  "National Restaurant Association",
  5,
  "1–2 weeks",
);
const BLS = c("Basic Life Support (BLS) Provider", AHA, 5, "1 day");
const PMP = c("Project Management Professional (PMP)", PMI, 5, "2–4 months");
const CSM = c("Certified ScrumMaster (CSM)", "Scrum Alliance", 4, "2–4 weeks");
const PSM = c("Professional Scrum Master I (PSM I)", "Scrum.org", 4, "2–4 weeks");
const CPA = c(
  "Certified Public Accountant (CPA)",
  "AICPA and state boards of accountancy",
  5,
  "12–18 months",
);
const CMA = c(
  "Certified Management Accountant (CMA)",
  "Institute of Management Accountants",
  4,
  "12–18 months",
);
const GA = c("Google Analytics Certification", "Google", 4, "2–4 weeks");
const GADS = c("Google Ads Search Certification", "Google", 4, "1–2 weeks");
const HUBSPOT_INBOUND = c("HubSpot Inbound Marketing Certification", "HubSpot Academy", 4, "1–2 weeks");
const PRAXIS_CORE = c("Praxis Core Academic Skills for Educators", "ETS", 5, "1–2 months");
const NBPTS = c(
  "National Board Certification",
  "National Board for Professional Teaching Standards",
  4,
  "1–3 years",
);
const FE = (discipline: string) =>
  c(`Fundamentals of Engineering (FE) ${discipline}`, NCEES, 5, "2–4 months");
const PE = (discipline: string) =>
  c(
    `Principles and Practice of Engineering (PE) ${discipline}`,
    NCEES,
    5,
    "3–6 months, after about 4 years of experience",
  );
const CSCP = c("Certified Supply Chain Professional (CSCP)", "ASCM", 4, "3–6 months");
const CLTD = c("Certified in Logistics, Transportation and Distribution (CLTD)", "ASCM", 5, "3–6 months");
const SIX_SIGMA_GB = c("Certified Six Sigma Green Belt (CSSGB)", "ASQ", 4, "2–3 months");
const POWER_BI = c("Microsoft Certified: Power BI Data Analyst Associate", MS, 5, "1–2 months");
const GOOGLE_DATA = c("Google Data Analytics Professional Certificate", "Google (Coursera)", 4, "3–6 months");
const CCNA = c("Cisco Certified Network Associate (CCNA)", "Cisco", 5, "3–6 months");
const NETWORK_PLUS = c("CompTIA Network+", "CompTIA", 4, "2–3 months");
const SECURITY_PLUS = c("CompTIA Security+", "CompTIA", 5, "1–3 months");
const CKA = c("Certified Kubernetes Administrator (CKA)", LF, 5, "1–2 months");
const AWS_SAA = c("AWS Certified Solutions Architect – Associate", AWS, 4, "2–3 months");
const SHRM_CP = c("SHRM Certified Professional (SHRM-CP)", "SHRM", 5, "3–4 months");
const CDL_A = c(
  "Commercial Driver's License (CDL) Class A",
  "State driver licensing agency",
  5,
  "3–7 weeks of training",
);
const FORKLIFT = c(
  "Powered Industrial Truck (Forklift) Operator Certification",
  "Employer training under OSHA 29 CFR 1910.178",
  5,
  "1–3 days",
);
const PRODUCT_OWNER = c("Certified Scrum Product Owner (CSPO)", "Scrum Alliance", 4, "2–4 weeks");

export const CERTIFICATIONS: Record<string, CuratedCertification[]> = {
  // Software and IT
  "15-1252.00": [
    c("AWS Certified Developer – Associate", AWS, 5, "2–3 months"),
    AWS_SAA,
    c("Microsoft Certified: Azure Developer Associate", MS, 4, "1–3 months"),
    c("Certified Kubernetes Application Developer (CKAD)", LF, 4, "1–2 months"),
    c("Google Cloud Professional Cloud Developer", GC, 3, "2–3 months"),
    c("Oracle Certified Professional: Java SE 17 Developer", "Oracle", 3, "2–3 months"),
  ],
  "devops-engineer": [
    CKA,
    c("AWS Certified DevOps Engineer – Professional", AWS, 5, "3–4 months"),
    c("HashiCorp Certified: Terraform Associate", "HashiCorp", 4, "3–6 weeks"),
    c("Microsoft Certified: DevOps Engineer Expert", MS, 4, "2–3 months"),
  ],
  "site-reliability-engineer": [
    CKA,
    c("AWS Certified DevOps Engineer – Professional", AWS, 5, "3–4 months"),
    c("Google Cloud Professional Cloud DevOps Engineer", GC, 4, "2–3 months"),
    c("HashiCorp Certified: Terraform Associate", "HashiCorp", 3, "3–6 weeks"),
  ],
  "15-1254.00": [
    c("Meta Front-End Developer Professional Certificate", "Meta (Coursera)", 5, "5–7 months part-time"),
    c("Meta Back-End Developer Professional Certificate", "Meta (Coursera)", 4, "6–8 months part-time"),
    c("AWS Certified Cloud Practitioner", AWS, 3, "3–6 weeks"),
    c("Google UX Design Professional Certificate", "Google (Coursera)", 3, "3–6 months part-time"),
  ],
  "15-1253.00": [
    c("ISTQB Certified Tester Foundation Level (CTFL)", "ISTQB", 5, "1–2 months"),
    c("ISTQB Advanced Level Test Automation Engineering", "ISTQB", 4, "2–3 months"),
    c("Certified Software Quality Engineer (CSQE)", "ASQ", 3, "3–6 months"),
  ],
  "15-1299.08": [
    c("AWS Certified Solutions Architect – Professional", AWS, 5, "3–6 months"),
    c("Microsoft Certified: Azure Solutions Architect Expert", MS, 5, "3–6 months"),
    c("Google Cloud Professional Cloud Architect", GC, 5, "2–4 months"),
    c("TOGAF Enterprise Architecture Foundation", "The Open Group", 3, "1–2 months"),
  ],
  "cloud-engineer": [
    AWS_SAA,
    c("Microsoft Certified: Azure Administrator Associate", MS, 5, "1–3 months"),
    c("Google Cloud Associate Cloud Engineer", GC, 5, "1–3 months"),
    CKA,
  ],
  "15-2051.00": [
    c("Google Cloud Professional Machine Learning Engineer", GC, 4, "2–4 months"),
    c("AWS Certified Machine Learning Engineer – Associate", AWS, 4, "2–3 months"),
    c("Microsoft Certified: Azure Data Scientist Associate", MS, 4, "2–3 months"),
    c("IBM Data Science Professional Certificate", "IBM (Coursera)", 3, "3–5 months part-time"),
  ],
  "15-2051.01": [
    POWER_BI,
    c("Tableau Certified Data Analyst", "Tableau (Salesforce)", 5, "1–3 months"),
    GOOGLE_DATA,
  ],
  "data-analyst": [
    GOOGLE_DATA,
    POWER_BI,
    c("Tableau Certified Data Analyst", "Tableau (Salesforce)", 4, "1–3 months"),
  ],
  "15-1243.00": [
    c("Google Cloud Professional Data Engineer", GC, 5, "2–4 months"),
    c("AWS Certified Data Engineer – Associate", AWS, 5, "2–3 months"),
    c("Databricks Certified Data Engineer Associate", "Databricks", 4, "1–2 months"),
    c("Microsoft Certified: Fabric Data Engineer Associate", MS, 4, "1–3 months"),
  ],
  "15-1242.00": [
    c("Oracle Database Administration Certified Professional", "Oracle", 5, "3–6 months"),
    c("Microsoft Certified: Azure Database Administrator Associate", MS, 5, "1–3 months"),
    c("MongoDB Certified DBA Associate", "MongoDB", 3, "1–2 months"),
  ],
  "15-1244.00": [
    c("Red Hat Certified System Administrator (RHCSA)", "Red Hat", 5, "2–4 months"),
    NETWORK_PLUS,
    c("Microsoft Certified: Azure Administrator Associate", MS, 4, "1–3 months"),
    c("CompTIA Linux+", "CompTIA", 3, "2–3 months"),
  ],
  "15-1241.00": [
    CCNA,
    c("Cisco Certified Network Professional (CCNP) Enterprise", "Cisco", 5, "6–12 months"),
    c("Juniper Networks Certified Associate – Junos (JNCIA-Junos)", "Juniper Networks", 3, "1–2 months"),
    c("AWS Certified Advanced Networking – Specialty", AWS, 3, "2–4 months"),
  ],
  "15-1212.00": [
    SECURITY_PLUS,
    c(
      "Certified Information Systems Security Professional (CISSP)",
      "ISC2",
      5,
      "3–6 months, after 5 years of experience",
    ),
    c("CompTIA Cybersecurity Analyst (CySA+)", "CompTIA", 4, "2–3 months"),
    c("Certified Information Security Manager (CISM)", "ISACA", 4, "3–4 months"),
    c("GIAC Security Essentials (GSEC)", "GIAC", 3, "2–4 months"),
  ],
  "15-1299.04": [
    c("OffSec Certified Professional (OSCP)", "OffSec", 5, "3–6 months"),
    c("CompTIA PenTest+", "CompTIA", 4, "2–3 months"),
    c("GIAC Penetration Tester (GPEN)", "GIAC", 4, "2–4 months"),
    c("Certified Ethical Hacker (CEH)", "EC-Council", 3, "1–3 months"),
  ],
  "15-1232.00": [
    c("CompTIA A+", "CompTIA", 5, "2–4 months"),
    c("Google IT Support Professional Certificate", "Google (Coursera)", 5, "3–6 months part-time"),
    c("ITIL 4 Foundation", "PeopleCert (AXELOS)", 3, "2–4 weeks"),
    NETWORK_PLUS,
  ],
  "15-1299.09": [
    PMP,
    CSM,
    PSM,
    c("PRINCE2 Foundation", "PeopleCert (AXELOS)", 3, "2–4 weeks"),
    c("CompTIA Project+", "CompTIA", 3, "1–2 months"),
  ],
  "scrum-master": [
    CSM,
    PSM,
    c("SAFe Scrum Master (SSM)", "Scaled Agile", 4, "2–4 weeks"),
    c("PMI Agile Certified Practitioner (PMI-ACP)", PMI, 3, "2–3 months"),
  ],
  // Product, project, business
  "product-manager": [
    PRODUCT_OWNER,
    c("Professional Scrum Product Owner I (PSPO I)", "Scrum.org", 4, "2–4 weeks"),
    c("Pragmatic Certified Product Manager (PCPM)", "Pragmatic Institute", 4, "1–2 months"),
    GA,
  ],
  "13-1082.00": [
    PMP,
    c("Certified Associate in Project Management (CAPM)", PMI, 4, "1–3 months"),
    c("PRINCE2 Foundation", "PeopleCert (AXELOS)", 4, "2–4 weeks"),
    c("PMI Agile Certified Practitioner (PMI-ACP)", PMI, 3, "2–3 months"),
    CSM,
  ],
  "13-1111.00": [
    c(
      "Certified Business Analysis Professional (CBAP)",
      "IIBA",
      5,
      "3–6 months, after 5 years of experience",
    ),
    c("Certification of Capability in Business Analysis (CCBA)", "IIBA", 4, "2–4 months"),
    c("Entry Certificate in Business Analysis (ECBA)", "IIBA", 3, "1–2 months"),
    SIX_SIGMA_GB,
  ],
  "11-1021.00": [
    SIX_SIGMA_GB,
    { ...PMP, relevance: 4 },
    CSCP,
    c("Certified Manager (CM)", "Institute of Certified Professional Managers", 3, "3–6 months"),
  ],
  "13-1081.00": [
    CLTD,
    CSCP,
    c(
      "Certified Professional in Supply Management (CPSM)",
      "Institute for Supply Management",
      3,
      "3–6 months",
    ),
  ],
  "13-1081.02": [
    { ...CSCP, relevance: 5 },
    { ...CLTD, relevance: 4 },
    { ...POWER_BI, relevance: 3 },
  ],
  // Design and marketing
  "15-1255.00": [
    c("Google UX Design Professional Certificate", "Google (Coursera)", 5, "3–6 months part-time"),
    c("UX Certification", "Nielsen Norman Group", 5, "1–3 months (five courses and exams)"),
    c("Certified Professional in Accessibility Core Competencies (CPACC)", "IAAP", 3, "1–2 months"),
  ],
  "27-1024.00": [
    c("Adobe Certified Professional in Visual Design Using Adobe Photoshop", "Adobe", 5, "1–2 months"),
    c(
      "Adobe Certified Professional in Graphic Design and Illustration Using Adobe Illustrator",
      "Adobe",
      5,
      "1–2 months",
    ),
    c(
      "Adobe Certified Professional in Print and Digital Media Publication Using Adobe InDesign",
      "Adobe",
      4,
      "1–2 months",
    ),
  ],
  "11-2021.00": [
    c(
      "Professional Certified Marketer (PCM) – Marketing Management",
      "American Marketing Association",
      5,
      "2–4 months",
    ),
    GA,
    GADS,
    HUBSPOT_INBOUND,
  ],
  "13-1161.00": [
    { ...GA, relevance: 5 },
    GADS,
    c("Meta Certified Digital Marketing Associate", "Meta", 4, "3–6 weeks"),
    HUBSPOT_INBOUND,
  ],
  "13-1161.01": [
    { ...GA, relevance: 5 },
    GADS,
    c("HubSpot SEO Certification", "HubSpot Academy", 4, "1–2 weeks"),
  ],
  "11-2032.00": [
    c("Accreditation in Public Relations (APR)", "Universal Accreditation Board", 5, "3–6 months"),
    c("Hootsuite Social Marketing Certification", "Hootsuite Academy", 4, "2–4 weeks"),
    c("Meta Certified Digital Marketing Associate", "Meta", 4, "3–6 weeks"),
  ],
  // Sales and service
  "41-4012.00": [
    c(
      "Certified Professional Sales Person (CPSP)",
      "National Association of Sales Professionals",
      4,
      "1–2 months",
    ),
    c(
      "Certified Sales Professional (CSP)",
      "Manufacturers' Representatives Educational Research Foundation",
      5,
      "6–12 months",
    ),
    c("HubSpot Inbound Sales Certification", "HubSpot Academy", 3, "1–2 weeks"),
  ],
  "41-3091.00": [
    c(
      "Certified Professional Sales Person (CPSP)",
      "National Association of Sales Professionals",
      4,
      "1–2 months",
    ),
    c("HubSpot Inbound Sales Certification", "HubSpot Academy", 4, "1–2 weeks"),
    c("Salesforce Certified Platform Administrator", "Salesforce", 3, "1–2 months"),
  ],
  "43-4051.00": [
    c("HDI Customer Service Representative (HDI-CSR)", "HDI", 4, "2–4 weeks"),
    c("Certified Customer Experience Professional (CCXP)", "CXPA", 3, "2–3 months"),
  ],
  "41-2031.00": [
    c("RISE Up Retail Industry Fundamentals", "NRF Foundation", 5, "2–4 weeks"),
    c("RISE Up Customer Service and Sales", "NRF Foundation", 4, "2–4 weeks"),
  ],
  // Office and finance
  "13-2011.00": [
    CPA,
    CMA,
    c("Certified Internal Auditor (CIA)", "The Institute of Internal Auditors", 4, "6–12 months"),
    c("Enrolled Agent (EA)", "Internal Revenue Service", 3, "2–4 months"),
  ],
  auditor: [
    c("Certified Internal Auditor (CIA)", "The Institute of Internal Auditors", 5, "6–12 months"),
    CPA,
    c("Certified Information Systems Auditor (CISA)", "ISACA", 4, "3–6 months"),
  ],
  "43-3031.00": [
    c("QuickBooks Certified User", "Intuit (Certiport)", 5, "2–6 weeks"),
    c("Certified Bookkeeper (CB)", "AIPB", 5, "3–6 months"),
    c("Intuit Bookkeeping Professional Certificate", "Intuit (Coursera)", 4, "2–4 months part-time"),
  ],
  "13-2051.00": [
    c("Chartered Financial Analyst (CFA)", "CFA Institute", 5, "3–4 years for all three levels"),
    c("Financial Modeling & Valuation Analyst (FMVA)", "Corporate Finance Institute", 4, "3–6 months"),
    c("Financial Risk Manager (FRM)", "GARP", 3, "6–12 months"),
  ],
  "11-3031.00": [
    { ...CMA, relevance: 5 },
    { ...CPA, relevance: 4 },
    c("Certified Treasury Professional (CTP)", "Association for Financial Professionals", 4, "3–4 months"),
    c("Chartered Financial Analyst (CFA)", "CFA Institute", 4, "3–4 years for all three levels"),
  ],
  "11-3031.01": [
    CPA,
    { ...CMA, relevance: 5 },
    c("Certified Treasury Professional (CTP)", "Association for Financial Professionals", 3, "3–4 months"),
  ],
  "43-6014.00": [
    c(
      "Certified Administrative Professional (CAP)",
      "International Association of Administrative Professionals",
      5,
      "3–4 months",
    ),
    c("Microsoft Office Specialist: Excel Associate", "Microsoft (Certiport)", 4, "3–6 weeks"),
    c("Microsoft Office Specialist: Word Associate", "Microsoft (Certiport)", 3, "2–4 weeks"),
  ],
  "43-1011.00": [
    c(
      "Certified Administrative Professional (CAP)",
      "International Association of Administrative Professionals",
      4,
      "3–4 months",
    ),
    c("Certified Associate in Project Management (CAPM)", PMI, 3, "1–3 months"),
    c("Microsoft Office Specialist: Excel Expert", "Microsoft (Certiport)", 3, "1–2 months"),
  ],
  "13-1071.00": [
    SHRM_CP,
    c("Professional in Human Resources (PHR)", "HRCI", 5, "3–4 months"),
    c("Associate Professional in Human Resources (aPHR)", "HRCI", 4, "1–2 months"),
    c("LinkedIn Certified Professional – Recruiter", "LinkedIn", 3, "2–4 weeks"),
  ],
  "11-3121.00": [
    c("SHRM Senior Certified Professional (SHRM-SCP)", "SHRM", 5, "3–4 months"),
    c("Senior Professional in Human Resources (SPHR)", "HRCI", 5, "3–4 months"),
    { ...SHRM_CP, relevance: 4 },
    c("Certified Compensation Professional (CCP)", "WorldatWork", 3, "6–12 months"),
  ],
  "23-2011.00": [
    c("Certified Paralegal (CP)", "NALA", 5, "2–4 months"),
    c("Registered Paralegal (RP)", "NFPA", 4, "2–4 months"),
    c("Professional Paralegal (PP)", "NALS", 3, "2–4 months"),
  ],
  // Healthcare
  "29-1141.00": [
    c("NCLEX-RN licensure examination", "NCSBN", 5, "2–3 months of study after a nursing program"),
    BLS,
    c("Advanced Cardiovascular Life Support (ACLS)", AHA, 4, "1–2 days"),
    c("Pediatric Advanced Life Support (PALS)", AHA, 3, "1–2 days"),
    c(
      "Critical Care Registered Nurse (CCRN)",
      "AACN Certification Corporation",
      3,
      "2–4 months, after clinical hours",
    ),
  ],
  "29-1171.00": [
    c(
      "Family Nurse Practitioner – Board Certified (FNP-BC)",
      "ANCC",
      5,
      "2–4 months of study after an NP program",
    ),
    c(
      "Family Nurse Practitioner Certification (FNP-C)",
      "AANPCB",
      5,
      "2–4 months of study after an NP program",
    ),
    c("Advanced Cardiovascular Life Support (ACLS)", AHA, 3, "1–2 days"),
  ],
  "29-2061.00": [
    c("NCLEX-PN licensure examination", "NCSBN", 5, "1–3 months of study after a practical nursing program"),
    BLS,
    c("IV Therapy Certification (IVT)", "NAPNES", 3, "2–4 weeks"),
  ],
  "31-1131.00": [
    c(
      "Nurse Aide certification (state competency exam, e.g. NNAAP)",
      "State nurse aide registry",
      5,
      "4–12 weeks of training",
    ),
    { ...BLS, relevance: 4 },
  ],
  "31-9092.00": [
    c(
      "Certified Medical Assistant (CMA)",
      "American Association of Medical Assistants",
      5,
      "1–2 months of study after a program",
    ),
    c("Certified Clinical Medical Assistant (CCMA)", "National Healthcareer Association", 5, "1–2 months"),
    c("Registered Medical Assistant (RMA)", "American Medical Technologists", 4, "1–2 months"),
    { ...BLS, relevance: 4 },
  ],
  "29-2052.00": [
    c("Certified Pharmacy Technician (CPhT)", "PTCB", 5, "2–4 months"),
    c(
      "Exam for the Certification of Pharmacy Technicians (ExCPT)",
      "National Healthcareer Association",
      4,
      "2–4 months",
    ),
  ],
  "29-1292.00": [
    c(
      "National Board Dental Hygiene Examination (NBDHE)",
      "Joint Commission on National Dental Examinations",
      5,
      "2–3 months of study",
    ),
    { ...BLS, relevance: 4 },
  ],
  "29-1123.00": [
    c("National Physical Therapy Examination (NPTE)", "FSBPT", 5, "2–3 months of study after a DPT program"),
    c("Orthopaedic Certified Specialist (OCS)", "ABPTS", 3, "1–2 years including clinical hours"),
    c("Certified Strength and Conditioning Specialist (CSCS)", "NSCA", 3, "2–3 months"),
  ],
  // Education
  "25-2021.00": [
    PRAXIS_CORE,
    c("Praxis Elementary Education: Multiple Subjects", "ETS", 5, "1–3 months"),
    NBPTS,
  ],
  "25-2022.00": [PRAXIS_CORE, c("Praxis Subject Assessment in your subject", "ETS", 5, "1–3 months"), NBPTS],
  "25-2031.00": [PRAXIS_CORE, c("Praxis Subject Assessment in your subject", "ETS", 5, "1–3 months"), NBPTS],
  "25-9042.00": [c("ParaPro Assessment", "ETS", 5, "2–6 weeks"), { ...BLS, relevance: 2 }],
  // Trades, production, logistics
  "47-2111.00": [
    c("Journeyman Electrician License", "State electrical licensing board", 5, "4–5 years of apprenticeship"),
    OSHA10,
    c("Certified Electrical Safety Compliance Professional (CESCP)", "NFPA", 3, "2–3 months"),
  ],
  "47-2152.00": [
    c("Journeyman Plumber License", "State plumbing licensing board", 5, "4–5 years of apprenticeship"),
    OSHA10,
    c("ASSE 6010 Medical Gas Installer", "ASSE International", 3, "1 week"),
  ],
  "47-2031.00": [
    c("NCCER Carpentry credentials (Levels 1–4)", "NCCER", 5, "1–4 years part-time"),
    OSHA10,
    c("OSHA 30-Hour Construction", "OSHA Outreach Training Program", 3, "4–5 days"),
  ],
  "49-9021.00": [
    c("EPA Section 608 Technician Certification", "U.S. Environmental Protection Agency", 5, "1–4 weeks"),
    c("NATE Certification", "North American Technician Excellence", 5, "2–4 months"),
    c("HVAC Excellence Employment Ready Certification", "HVAC Excellence", 3, "1–2 months"),
  ],
  "51-4121.00": [
    c("AWS Certified Welder", "American Welding Society", 5, "1–3 months of practice"),
    c(
      "AWS Certified Welding Inspector (CWI)",
      "American Welding Society",
      3,
      "2–4 months, after welding experience",
    ),
  ],
  "51-4041.00": [
    c("NIMS Machining Level I credentials", "NIMS", 5, "3–6 months"),
    c("Certified Production Technician (CPT)", "MSSC", 3, "1–3 months"),
  ],
  "17-2141.00": [
    FE("Mechanical"),
    PE("Mechanical"),
    c("Certified SOLIDWORKS Associate (CSWA)", "Dassault Systèmes", 4, "1–2 months"),
    { ...SIX_SIGMA_GB, relevance: 3 },
  ],
  "17-2051.00": [
    FE("Civil"),
    PE("Civil"),
    c("LEED Green Associate", "U.S. Green Building Council", 3, "1–2 months"),
    { ...PMP, relevance: 3 },
  ],
  "17-2071.00": [
    FE("Electrical and Computer"),
    PE("Electrical and Computer"),
    c("Certified LabVIEW Associate Developer (CLAD)", "NI", 3, "1–2 months"),
  ],
  "53-3032.00": [
    CDL_A,
    c("Hazardous Materials (H) endorsement", "TSA and state driver licensing agency", 4, "2–6 weeks"),
    c("Tank Vehicle (N) endorsement", "State driver licensing agency", 3, "1–2 weeks"),
  ],
  "53-7051.00": [FORKLIFT, c("OSHA 10-Hour General Industry", "OSHA Outreach Training Program", 3, "2 days")],
  "53-7062.00": [
    c("Certified Logistics Associate (CLA)", "MSSC", 4, "2–4 weeks"),
    { ...FORKLIFT, relevance: 4 },
    c("OSHA 10-Hour General Industry", "OSHA Outreach Training Program", 4, "2 days"),
  ],
  "33-9032.00": [
    c("State security officer licence (guard card)", "State licensing agency", 5, "1–2 weeks"),
    c("Adult First Aid/CPR/AED", "American Red Cross", 4, "1 day"),
    c("Associate Protection Professional (APP)", "ASIS International", 3, "2–3 months"),
  ],
  // Food service
  "35-1011.00": [
    SERVSAFE_MANAGER,
    c("Certified Sous Chef (CSC)", "American Culinary Federation", 4, "2–6 months"),
    c(
      "Certified Executive Chef (CEC)",
      "American Culinary Federation",
      4,
      "3–6 months, after 5 years as a chef",
    ),
  ],
  "35-2014.00": [
    { ...SERVSAFE_HANDLER, relevance: 5 },
    c("Certified Culinarian (CC)", "American Culinary Federation", 4, "1–3 months"),
    { ...SERVSAFE_MANAGER, relevance: 3 },
  ],
  "35-3031.00": [
    c("ServSafe Alcohol", "National Restaurant Association", 5, "1 day"),
    SERVSAFE_HANDLER,
    c("TIPS On-Premise certification", "Health Communications, Inc.", 4, "1 day"),
  ],
  "35-3023.01": [
    c("SCA Barista Skills Foundation", "Specialty Coffee Association", 5, "1–2 days"),
    SERVSAFE_HANDLER,
  ],
};
