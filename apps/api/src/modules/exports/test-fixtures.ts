/** A realistic resume and job pair, shared by the export tests and the page-preview script. */
export const SAMPLE_RESUME = `Jordan Alvarez
Senior Backend Engineer
jordan.alvarez@example.com | (555) 014-2231 | Austin, TX | linkedin.com/in/jordanalvarez

SUMMARY
Backend engineer with 7 years of experience building reliable APIs and data pipelines in TypeScript,
Node.js and Python. I led the migration of a monolith to services and cut p95 latency by 40%.

EXPERIENCE
Senior Backend Engineer, Brightwave Logistics, Austin, TX
March 2021 - Present
- Designed and built REST APIs in TypeScript and Node.js serving 12M requests per day.
- Led the migration from a Rails monolith to six services on AWS (ECS, RDS, SQS), cutting p95 latency by 40%.
- Introduced PostgreSQL query reviews and indexes, reducing database load by 35%.
- Mentored four engineers and ran the on-call rotation.

Backend Engineer, Tallyfin, Remote
June 2018 - February 2021
- Built payment reconciliation jobs in Python and PostgreSQL processing $2B per year.
- Wrote integration tests with Jest and pytest; raised coverage from 45% to 82%.
- Set up CI/CD with GitHub Actions and Docker.

Software Developer, Northgate Media, Dallas, TX
July 2016 - May 2018
- Maintained a PHP content platform and built internal tools in JavaScript and React.

EDUCATION
B.S. Computer Science, University of Texas at Dallas, 2016

SKILLS
TypeScript, JavaScript, Node.js, Python, PostgreSQL, AWS, Docker, REST APIs, Jest, Git, React, CI/CD
`;

export const SAMPLE_JOB = `Staff Backend Engineer - Payments Platform

About the role
We are looking for a Staff Backend Engineer to lead the design of our payments platform.

Requirements
- 8+ years of professional software engineering experience
- Strong experience with TypeScript and Node.js
- Experience with PostgreSQL and distributed systems
- Experience with Kubernetes and Terraform
- Hands-on experience with Kafka or other event streaming platforms
- Excellent communication and mentoring skills

Nice to have
- Experience with Go
- Experience with GraphQL
- Background in fintech or payments
- AWS certification
`;

const EMPLOYERS = [
  ["Staff Engineer", "Lumen Freight", "Denver, CO"],
  ["Senior Software Engineer", "Corvid Health", "Remote"],
  ["Software Engineer II", "Pinecrest Bank", "Charlotte, NC"],
  ["Backend Developer", "Arcadia Games", "Seattle, WA"],
  ["Platform Engineer", "Helio Energy", "Phoenix, AZ"],
  ["Software Engineer", "Quillmark Publishing", "Boston, MA"],
  ["Junior Developer", "Redline Studios", "Portland, OR"],
  ["Developer Intern", "Osprey Labs", "Austin, TX"],
  ["Web Developer", "Juniper Outdoor", "Boulder, CO"],
  ["IT Support Technician", "Maple County Schools", "Waco, TX"],
] as const;

const BULLETS = [
  "Designed an event pipeline on Kafka that moved 40M records a day with exactly-once delivery.",
  "Responsible for maintaining the billing service and its PostgreSQL schema.",
  "Cut cloud spend by 28% by right-sizing Kubernetes node pools and adding autoscaling.",
  "Worked on various projects across the team as needed.",
  "Built a GraphQL gateway in TypeScript that replaced nine REST endpoints used by the mobile apps.",
  "Was tasked with improving the deployment process, which was done using Terraform and GitHub Actions.",
  "Led incident reviews and wrote runbooks that reduced mean time to recovery from 3 hours to 40 minutes.",
  "Helped with the migration of legacy cron jobs to a queue-based scheduler in Go.",
  "Mentored two interns who both joined full time.",
  "Improved search latency by 60% by moving queries to Elasticsearch and caching hot results in Redis.",
];

/**
 * A long resume (about five printed pages): the sample plus ten more roles of ten bullets each,
 * for measuring and paginating the side-by-side view.
 */
export const LONG_RESUME = (() => {
  const [head, rest] = SAMPLE_RESUME.split("EDUCATION") as [string, string];
  const roles = EMPLOYERS.map(([title, company, place], i) => {
    const end = 2016 - i * 2;
    const bullets = BULLETS.map((b, k) => `- ${b.replace(/\.$/, "")} (${company}, project ${k + 1}).`);
    return [`${title}, ${company}, ${place}`, `January ${end - 2} - December ${end - 1}`, ...bullets].join(
      "\n",
    );
  });
  return `${head.trimEnd()}\n\n${roles.join("\n\n")}\n\nEDUCATION${rest}`;
})();
