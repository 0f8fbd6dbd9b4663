import { CONTACT_PER_IP, CONTACT_PER_USER, CONTACT_WINDOW_MINUTES, contactMailSubject, contactMessages as m, type ContactMessageInput } from '@kuku/domain';
import { and, eq, gt, or, sql } from 'drizzle-orm';
import { rateLimited } from '../../app-error.js';
import type { DbOrTx } from '../../db/client.js';
import { contactMessages } from '../../db/schema/index.js';
import { enqueueMail } from '../../integrations/mail/mailer.js';
import { escapeHtml } from '../../html.js';

export interface Sender {
  farmId: number;
  userId: number;
  farmName: string;
  username: string;
  ip: string;
}

/**
 * Keeps the message and puts its mail to support in the outbox, in the request's transaction.
 * The limits count the messages themselves: a user and an address each send a few an hour.
 */
export async function sendContactMessage(db: DbOrTx, supportEmail: string, sender: Sender, input: ContactMessageInput, limitScale = 1): Promise<void> {
  const since = sql`now() - make_interval(mins => ${CONTACT_WINDOW_MINUTES})`;
  const [recent] = await db
    .select({
      byUser: sql<number>`count(*) filter (where ${contactMessages.createdBy} = ${sender.userId})::int`,
      byIp: sql<number>`count(*) filter (where ${contactMessages.ip} = ${sender.ip})::int`,
    })
    .from(contactMessages)
    .where(and(gt(contactMessages.createdAt, since), or(eq(contactMessages.createdBy, sender.userId), eq(contactMessages.ip, sender.ip))));
  if ((recent?.byUser ?? 0) >= Math.ceil(CONTACT_PER_USER * limitScale) || (recent?.byIp ?? 0) >= Math.ceil(CONTACT_PER_IP * limitScale)) {
    throw rateLimited(m.tooMany);
  }

  const text = [
    `From: ${input.name} <${input.email}>`,
    `Account: ${sender.username}, farm '${sender.farmName}' (#${sender.farmId})`,
    '',
    input.message,
  ].join('\n');
  await db.insert(contactMessages).values({ farmId: sender.farmId, createdBy: sender.userId, name: input.name, email: input.email, message: input.message, ip: sender.ip });
  await enqueueMail(db, {
    to: supportEmail,
    subject: contactMailSubject(input.name),
    text,
    html: `<pre style="font-family:inherit;white-space:pre-wrap">${escapeHtml(text)}</pre>`,
  });
}
