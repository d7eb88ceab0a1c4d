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
