import { api } from '../../../lib/api.ts';

export type ContactMessage = { full_name: string; email: string; subject: string; message: string };

/** `locale` picks the language of the acknowledgement mail sent to the visitor. */
export function sendContactMessage(input: ContactMessage, locale: string) {
  return api.post<{ message: string }>('/api/contact', { ...input, locale });
}
