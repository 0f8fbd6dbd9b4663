import nodemailer from 'nodemailer';
import type { MailMessage, MailTransport } from './transport.js';

/** Real mail over SMTP (`SMTP_URL`, e.g. smtps://user:pass@smtp.example.com:465). */
export function createSmtpTransport(smtpUrl: string, from: string): MailTransport {
  const transporter = nodemailer.createTransport(smtpUrl);
  return {
    kind: 'smtp',
    async send(message: MailMessage) {
      await transporter.sendMail({ from, ...message });
    },
    close: () => transporter.close(),
  };
}
