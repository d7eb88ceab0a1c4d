import { randomBytes } from "node:crypto";
import { mkdir, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import type { Logger } from "./logger.ts";

export type Mail = { to: string; subject: string; text: string; html: string };
export type Mailer = { send: (mail: Mail) => Promise<void> };

export type MailerOptions = {
  from: string;
  smtp?: { host: string; port: number; secure: boolean; user?: string; pass?: string } | undefined;
  outboxDir: string;
  logger: Logger;
  /** Log the links of outbox mail, so a local install can verify accounts from its console. */
  logLinks: boolean;
};

/**
 * Sends mail over SMTP when configured; otherwise writes each message to the outbox directory as
 * JSON (with the links it contains) and logs the links, so a local install can still verify accounts.
 */
export function createMailer(options: MailerOptions): Mailer {
  const { smtp } = options;
  if (smtp) {
    const transport = nodemailer.createTransport({
      host: smtp.host,
      port: smtp.port,
      secure: smtp.secure,
      auth: smtp.user ? { user: smtp.user, pass: smtp.pass ?? "" } : undefined,
    });
    return {
      async send(mail) {
        await transport.sendMail({ from: options.from, ...mail });
      },
    };
  }
  return {
    async send(mail) {
      await mkdir(options.outboxDir, { recursive: true });
      const links = extractLinks(mail.text);
      const name = `${Date.now()}-${randomBytes(4).toString("hex")}.json`;
      const file = path.join(options.outboxDir, name);
      // Written aside, then renamed: a reader of the outbox never sees half a mail.
      const partial = path.join(options.outboxDir, `.${name}.partial`);
      await writeFile(
        partial,
        JSON.stringify({ from: options.from, ...mail, links, sentAt: new Date().toISOString() }, null, 2),
      );
      await rename(partial, file);
      options.logger.info("mail written to outbox", {
        file,
        subject: mail.subject,
        ...(options.logLinks ? { links } : {}),
      });
    },
  };
}

export function extractLinks(text: string): string[] {
  return [...text.matchAll(/https?:\/\/[^\s<>"]+/g)].map((match) => match[0]);
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/** A plain, accessible transactional email with one call-to-action link. */
export function actionEmail(input: {
  to: string;
  subject: string;
  intro: string;
  action: string;
  url: string;
}): Mail {
  const text = `${input.intro}\n\n${input.action}: ${input.url}\n\nIf you did not ask for this, you can ignore this email.\n\n— ResumeLens`;
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#111827;line-height:1.5">
<p>${escapeHtml(input.intro)}</p>
<p><a href="${escapeHtml(input.url)}" style="display:inline-block;background:#4f46e5;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none">${escapeHtml(input.action)}</a></p>
<p style="font-size:13px;color:#4b5563">Or paste this link into your browser: ${escapeHtml(input.url)}</p>
<p style="font-size:13px;color:#4b5563">If you did not ask for this, you can ignore this email.</p>
</body></html>`;
  return { to: input.to, subject: input.subject, text, html };
}
