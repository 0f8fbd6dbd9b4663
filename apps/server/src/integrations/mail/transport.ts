export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Where mail goes: SMTP in production, the dev outbox otherwise. */
export interface MailTransport {
  readonly kind: 'smtp' | 'dev-outbox';
  send(message: MailMessage): Promise<void>;
  close(): void;
}
