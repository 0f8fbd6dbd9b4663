// Loaded on first use of the contact form (contactSchemas in api.ts), not with the screen.
export { contactAnswerSchema, contactMessageSchema } from '@kuku/domain';
