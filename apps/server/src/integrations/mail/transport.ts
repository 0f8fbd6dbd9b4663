export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers: a notice's List-Unsubscribe and List-Unsubscribe-Post (RFC 8058). */
  headers?: Record<string, string>;
}

/** Where mail goes: SMTP in production, the dev outbox otherwise. */
export interface MailTransport {
  readonly kind: 'smtp' | 'dev-outbox';
  send(message: MailMessage): Promise<void>;
  close(): void;
}
