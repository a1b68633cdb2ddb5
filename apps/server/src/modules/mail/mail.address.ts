import { z } from 'zod';

/**
 * The WHATWG "valid e-mail address" grammar: no spaces, quotes, CR or LF anywhere, so an address
 * can never smuggle in another header or recipient. Unlike z.email() it accepts `support@localhost`.
 */
const EMAIL =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/;

export const emailAddress = z
  .string()
  .max(254, 'Email address is too long')
  .regex(EMAIL, 'Enter a valid email address');

/** `Name <address>` or a bare address, as used for MAIL_FROM. */
export const fromAddress = z
  .string()
  .refine((v) => !/[\r\n]/.test(v), 'must be one line')
  .transform((v, ctx) => {
    const m = /^\s*(?:"?([^"<>]*?)"?\s*<([^<>]+)>|([^<>\s]+))\s*$/.exec(v);
    const address = m?.[2] ?? m?.[3] ?? '';
    if (!emailAddress.safeParse(address).success) {
      ctx.addIssue({ code: 'custom', message: 'must be "Name <address>" or an address' });
      return z.NEVER;
    }
    return { name: m?.[1]?.trim() ?? '', address };
  });
