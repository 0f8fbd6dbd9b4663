import { contactMailSubject, contactMessages as m } from '../packages/domain/src/contact-rules.js';
import { supportChatMessages as chat } from '../packages/domain/src/support-chat-words.js';
import { expect, paths, shot, test } from './fixtures.js';

// docs/product.md §2 Contact and the support chat button, §5 Contact, §8 Contact; decision 033.

test.describe('/contact', () => {
  test('checks the fields, sends a message that reaches support’s mailbox, and says so in the product’s words', async ({ signedInPage: page, request, account }) => {
    await page.goto(paths.contact.getHref());
    await expect(page.getByRole('heading', { level: 1, name: m.title })).toBeVisible();
    // Name and email come from the account.
    await expect(page.getByRole('textbox', { name: m.name })).toHaveValue(account.username);
    await expect(page.getByRole('textbox', { name: m.email })).toHaveValue(account.email);

    await page.getByRole('textbox', { name: m.email }).fill('not-an-email');
    await page.getByRole('button', { name: m.send }).click();
    await expect(page.getByText(m.messageRequired)).toBeVisible();
    await expect(page.getByText(m.emailInvalid)).toBeVisible();

    const text = `Our layers stopped laying on ${Date.now()}. What should I check?`;
    await page.getByRole('textbox', { name: m.email }).fill(account.email);
    await page.getByRole('textbox', { name: m.message }).fill(text);
    await page.getByRole('button', { name: m.send }).click();
    await expect(page.getByText(m.sent)).toBeVisible();
    await expect(page.getByRole('textbox', { name: m.message })).toHaveValue('');
    await shot(page, 'contact-sent');

    await expect
      .poll(async () => {
        const mails = (await (await request.get('/api/dev/outbox')).json()) as { to: string; subject: string; text: string }[];
        return mails.some((mail) => mail.to === 'support@kuku.farm' && mail.subject === contactMailSubject(account.username) && mail.text.includes(text));
      })
      .toBe(true);
  });
});

test.describe('support chat', () => {
  test('opens and closes the support panel from any screen, which says when support replies and links to the form', async ({ signedInPage: page }) => {
    await page.goto('/');
    const button = page.getByRole('button', { name: chat.chatOpen });
    await button.click();
    const panel = page.getByRole('dialog', { name: chat.chatTitle });
    await expect(panel).toBeVisible();
    await expect(panel).toContainText(chat.chatReplies);
    await shot(page, 'support-chat');
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await expect(button).toBeFocused();

    await button.click();
    await panel.getByRole('link', { name: chat.chatWrite }).click();
    await expect(page).toHaveURL(/\/contact$/);
    await expect(page.getByRole('heading', { level: 1, name: m.title })).toBeVisible();
    await expect(panel).toBeHidden();
  });
});
