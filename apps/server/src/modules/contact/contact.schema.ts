import { z } from 'zod';
import { emailAddress } from '../mail/mail.address.ts';

const required = (field: string, max: number) =>
  z
    .string({ error: `${field} is required` })
    .trim()
    .min(1, `${field} is required`)
    .max(max, `${field} must be at most ${max} characters`);

/** The contact form; every field is required (the web shows "Please fill in all fields"). */
export const contactInput = z.object({
  full_name: required('Full name', 100),
  email: z.string({ error: 'Email is required' }).trim().pipe(emailAddress),
  subject: required('Subject', 200),
  message: required('Message', 5000).refine((m) => m.length >= 10, {
    message: 'Message must be at least 10 characters',
  }),
  /** The page's language, used for the acknowledgement mail (falls back to Accept-Language). */
  locale: z.enum(['en', 'es', 'de']).optional(),
});

export type ContactInput = z.infer<typeof contactInput>;
