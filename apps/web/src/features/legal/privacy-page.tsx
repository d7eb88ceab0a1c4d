import type { ReactNode } from "react";
import { Link } from "react-router";
import { useSupportEmail } from "../../lib/api/app-config.ts";
import { usePageTitle } from "../../lib/use-page-title.ts";

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="space-y-3">
      <h2 className="text-xl font-semibold">{title}</h2>
      <div className="space-y-3 text-foreground/90 [&_li]:ml-5 [&_li]:list-disc [&_li]:pl-1">{children}</div>
    </section>
  );
}

export default function PrivacyPage() {
  usePageTitle("Privacy Policy");
  const supportEmail = useSupportEmail();
  return (
    <article className="mx-auto w-full max-w-3xl px-4 py-10 sm:px-6 sm:py-14">
      <div className="mb-10 border-b border-border pb-6">
        <h1 className="text-3xl font-bold sm:text-4xl">Privacy Policy</h1>
        <p className="mt-2 text-sm text-muted-foreground">Last updated June 6, 2025</p>
        <p className="mt-4 text-lg text-muted-foreground">
          ResumeLens helps you compare your resume with job descriptions. To do that we have to store some of
          your information. This page explains what we keep, why, and how to have it deleted.
        </p>
      </div>

      <div className="space-y-10 leading-relaxed">
        <Section title="What we store">
          <ul className="space-y-2">
            <li>
              <strong>Your account:</strong> your email address, your name if you give it, the sign-in methods
              you connect (for example Google or GitHub) and a securely hashed password if you use one. We
              never store your password in readable form.
            </li>
            <li>
              <strong>Your resumes:</strong> the files you upload and the text we extract from them, or the
              text you paste.
            </li>
            <li>
              <strong>Your analyses:</strong> the job descriptions you paste and the results we produce, so
              you can see them again in your history and export them.
            </li>
            <li>
              <strong>Your plan:</strong> whether you are on the Free or Lifetime plan and when you purchased
              it. Card details are handled by our payment provider and never reach our servers.
            </li>
          </ul>
        </Section>

        <Section title="How we use it">
          <p>
            We use your information only to run ResumeLens for you: to sign you in, analyze your resume, show
            your history and usage, send the emails you need (such as sign-in confirmations) and answer your
            support requests.
          </p>
        </Section>

        <Section title="What we never do">
          <p>
            We do not sell your data, rent it, or share it with advertisers or recruiters. We do not use your
            resumes to advertise to you.
          </p>
        </Section>

        <Section title="Cookies">
          <p>
            We use a session cookie to keep you signed in. We do not use advertising or cross-site tracking
            cookies.
          </p>
        </Section>

        <Section title="Services we rely on">
          <p>
            If you sign in with Google, GitHub, Facebook or LinkedIn, that provider tells us your email
            address and name. If you buy the Lifetime plan, our payment provider processes the payment under
            its own privacy policy.
          </p>
        </Section>

        <Section title="Deleting your data">
          <p>
            You can delete your account at any time from{" "}
            <Link to="/settings" className="font-medium text-primary underline underline-offset-2">
              Settings
            </Link>
            . This erases your account, resumes and analyses. You can also ask us to delete or export your
            data by email.
          </p>
        </Section>

        <Section title="Contact">
          <p>
            Questions about privacy, or anything else? Write to{" "}
            <a
              href={`mailto:${supportEmail}`}
              className="font-medium text-primary underline underline-offset-2"
            >
              {supportEmail}
            </a>
            .
          </p>
        </Section>
      </div>
    </article>
  );
}
