import { describe, expect, it } from 'vitest';
import { contactMessages as m } from './contact-rules.js';
import { contactMessageSchema } from './contact.js';

const issues = (input: unknown) => {
  const result = contactMessageSchema.safeParse(input);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [String(i.path[0]), i.message]));
};

describe('the contact message (docs/product.md §5)', () => {
  it('takes a name, an email and a message, trimmed, the email lower-cased', () => {
    expect(contactMessageSchema.parse({ name: ' Wanjiku ', email: ' W@Example.COM ', message: ' Hello ' })).toEqual({ name: 'Wanjiku', email: 'w@example.com', message: 'Hello' });
  });

  it('says which field is missing or wrong', () => {
    expect(issues({})).toEqual({ name: m.nameRequired, email: m.emailRequired, message: m.messageRequired });
    expect(issues({ name: 'A', email: 'nope', message: 'x' })).toEqual({ email: m.emailInvalid });
    expect(issues({ name: 'A'.repeat(101), email: 'a@b.co', message: 'x'.repeat(5001) })).toEqual({ name: m.nameTooLong, message: m.messageTooLong });
  });
});
