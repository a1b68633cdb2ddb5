import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../../test/fake-api.ts';
import type { FakeResponse } from '../../../test/fake-api.ts';
import { renderAt } from '../../../test/render.tsx';
import { ContactForm } from './contact-form.tsx';

async function fill(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByLabelText('Full name'), 'Lucy Grey');
  await user.type(screen.getByLabelText('Email'), 'lucy@example.com');
  await user.type(screen.getByLabelText('Subject'), 'Batch upload');
  await user.type(
    screen.getByLabelText('Message'),
    'Can I upload a whole folder of receipts at once?',
  );
}

function withContact(answer: () => FakeResponse) {
  return fakeApi({ 'POST /api/contact': answer });
}

describe('ContactForm', () => {
  it('asks for every field before sending', async () => {
    const calls = withContact(() => ({ status: 202, json: { message: 'x' } }));
    const user = userEvent.setup();
    await renderAt('/contact', <ContactForm />);
    await user.type(await screen.findByLabelText('Full name'), 'Lucy');
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText('Please fill in all fields')).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('sends the message with the page language, shows the answer and clears the form', async () => {
    const calls = withContact(() => ({
      status: 202,
      json: { message: 'Your message has been sent successfully!' },
    }));
    const user = userEvent.setup();
    await renderAt('/contact', <ContactForm />);
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(
      (await screen.findAllByText('Your message has been sent successfully!')).length,
    ).toBeGreaterThan(0);
    expect(calls[0]?.body).toEqual({
      full_name: 'Lucy Grey',
      email: 'lucy@example.com',
      subject: 'Batch upload',
      message: 'Can I upload a whole folder of receipts at once?',
      locale: 'en',
    });
    expect(screen.getByLabelText('Full name')).toHaveValue('');
    expect(screen.getByLabelText('Message')).toHaveValue('');
  });

  it("shows the server's validation message and keeps what was typed", async () => {
    withContact(() => ({
      status: 400,
      json: { error: { code: 'validation_failed', message: 'email: Enter a valid email address' } },
    }));
    const user = userEvent.setup();
    await renderAt('/contact', <ContactForm />);
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(
      (await screen.findAllByText('email: Enter a valid email address')).length,
    ).toBeGreaterThan(0);
    expect(screen.getByLabelText('Subject')).toHaveValue('Batch upload');
  });

  it('says so when the server cannot be reached', async () => {
    withContact(() => 'network-error');
    const user = userEvent.setup();
    await renderAt('/contact', <ContactForm />);
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(
      (await screen.findAllByText('Failed to send message. Please try again.')).length,
    ).toBeGreaterThan(0);
  });
});
