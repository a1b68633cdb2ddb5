import { api } from '../../../lib/api.ts';

export type ContactMessage = { full_name: string; email: string; subject: string; message: string };

export function sendContactMessage(input: ContactMessage) {
  return api.post<{ message: string }>('/api/contact', input);
}
