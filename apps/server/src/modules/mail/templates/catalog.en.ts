import type { Catalog } from './catalog.types.ts';

export const en: Catalog = {
  greeting: 'Hello,',
  greetingNamed: 'Hello {name},',
  linkFallback: 'If the button does not work, copy this link into your browser:',
  signoff: 'The Uncrumple team',
  footer: 'You receive this email because of your Uncrumple account or a message you sent us.',
  templates: {
    'verify-email': {
      subject: 'Confirm your email address',
      heading: 'Confirm your email address',
      paragraphs: [
        'Thanks for signing up for Uncrumple. Please confirm your email address to start.',
      ],
      action: { label: 'Confirm email', dataKey: 'url' },
      after: ['If you did not create an account, you can ignore this email.'],
    },
    'password-reset': {
      subject: 'Reset your password',
      heading: 'Reset your password',
      paragraphs: ['We received a request to reset the password of your Uncrumple account.'],
      action: { label: 'Choose a new password', dataKey: 'url' },
      after: [
        'The link expires in one hour. If you did not ask for it, you can ignore this email.',
      ],
    },
    'password-changed': {
      subject: 'Your password was changed',
      heading: 'Your password was changed',
      paragraphs: [
        'The password of your Uncrumple account was just changed.',
        'If this was not you, reset your password right away and contact our support.',
      ],
    },
    'welcome-trial': {
      subject: 'Welcome to Uncrumple Premium: your free trial has started',
      heading: 'Your free trial has started',
      paragraphs: [
        'Welcome to Uncrumple Premium ({plan}). Your 7-day free trial runs until {trial_end}.',
        'You can cancel any time before then from your profile and you will not be charged.',
      ],
      action: { label: 'Uncrumple a document', dataKey: 'url' },
    },
    'trial-ending': {
      subject: 'Your free trial ends in 3 days',
      heading: 'Your free trial ends soon',
      paragraphs: [
        'Your Uncrumple free trial ends on {date}. After that your subscription starts and your card is charged.',
        'To change or cancel your plan, open the subscription settings.',
      ],
      action: { label: 'Manage subscription', dataKey: 'url' },
    },
    'payment-failed': {
      subject: 'Your payment failed',
      heading: 'We could not charge your card',
      paragraphs: [
        'The latest payment for your Uncrumple subscription failed.',
        'Please update your payment method to keep your access to Premium.',
      ],
      action: { label: 'Update payment method', dataKey: 'url' },
    },
    'contact-ack': {
      subject: 'We received your message',
      heading: 'Thanks for contacting us',
      paragraphs: [
        'We received your message and will reply within 24 hours.',
        'If you did not write to Uncrumple, someone may have entered your address by mistake; you can ignore this email.',
      ],
    },
    'contact-support': {
      subject: 'Contact form: {subject}',
      heading: 'New contact form message',
      paragraphs: ['From: {name} <{email}>', 'Subject: {subject}'],
      quote: 'message',
      after: ['Reply to this email to answer the sender directly.'],
    },
  },
};
