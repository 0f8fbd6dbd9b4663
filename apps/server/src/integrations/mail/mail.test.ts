import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app.js';
import { mailsTo, uniqueUsername } from '../../test/factories.js';
import { createSmtpTransport } from './smtp.js';

/** A real SMTP conversation on loopback: what nodemailer sends is what a mail server gets. */
describe('mail over SMTP', () => {
  const received: ParsedMail[] = [];
  let smtp: SMTPServer;
  let port = 0;

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, _session, callback) {
        simpleParser(stream)
          .then((mail) => {
            received.push(mail);
            callback();
          })
          .catch(callback);
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const address = smtp.server.address();
    port = typeof address === 'object' && address ? address.port : 0;
  });
  afterAll(() => new Promise<void>((resolve) => smtp.close(resolve)));

  it('delivers the verification code with a text and an HTML part, and marks it sent', async () => {
    const transport = createSmtpTransport(`smtp://127.0.0.1:${port}`, 'Kuku <no-reply@kuku.farm>');
    const app = await createTestApp({ mailTransport: transport });
    const username = uniqueUsername('mail');
    const email = `${username}@example.com`;
    const res = await app.inject({ method: 'POST', url: '/api/auth/register', payload: { username, email, password: 'password123' } });
    expect(res.statusCode).toBe(201);
    await app.mailer.flush();

    const mail = received.find((m) => m.subject === 'Your Kuku verification code');
    expect(mail?.text).toMatch(/Your code: \d{6}/);
    expect(mail?.html).toMatch(/\d{6}/);
    expect(mail?.from?.text).toContain('no-reply@kuku.farm');
    const [row] = await mailsTo(app, email);
    expect(row?.sentAt).toBeInstanceOf(Date);
    // Once the mail server has it, the code is no longer in the database in clear.
    expect(row).toMatchObject({ text: '', html: '', subject: 'Your Kuku verification code' });
  });

  it('keeps a mail it could not send and retries it', async () => {
    const down = createSmtpTransport('smtp://127.0.0.1:1', 'Kuku <no-reply@kuku.farm>');
    const app = await createTestApp({ mailTransport: down });
    const username = uniqueUsername('retry');
    const email = `${username}@example.com`;
    await app.inject({ method: 'POST', url: '/api/auth/register', payload: { username, email, password: 'password123' } });
    await app.mailer.flush();
    const [row] = await mailsTo(app, email);
    expect(row).toMatchObject({ sentAt: null, attempts: 1 });
    expect(row?.lastError).toBeTruthy();
  });
});
