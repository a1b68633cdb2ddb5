import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, signedIn } from '../../../test/fake-api.ts';
import { renderAt } from '../../../test/render.tsx';
import { SubscribeButton } from './subscribe-button.tsx';
import { SubscriptionCard } from './subscription-card.tsx';

const END = '2026-12-24T12:00:00.000Z';
const active = {
  subscribed: true,
  subscription_tier: '3-months',
  subscription_end: END,
  cancel_at_period_end: false,
  status: 'active',
  trial_end: null,
};
const CONFIRM =
  'Are you sure you want to cancel your subscription? It will remain active until the end of your current billing period.';

afterEach(() => vi.restoreAllMocks());

describe('SubscriptionCard', () => {
  it('shows the plan and renewal date, cancels after the exact confirmation, then hides Cancel', async () => {
    let state = { ...active };
    const calls = fakeApi({
      ...signedIn(),
      'GET /api/billing/subscription': () => ({ json: state }),
      'POST /api/billing/cancel': () => {
        state = { ...state, cancel_at_period_end: true };
        return { json: { period_end: END } };
      },
    });
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    const user = userEvent.setup();
    await renderAt('/profile', <SubscriptionCard />);
    expect(await screen.findByTestId('subscription-tier')).toHaveTextContent(
      'Quarterly (3 months)',
    );
    expect(screen.getByText('Renews on')).toBeInTheDocument();
    expect(screen.getByTestId('subscription-end')).toHaveTextContent('December 24, 2026');

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(confirm).toHaveBeenCalledWith(CONFIRM);
    expect((await screen.findAllByText('Subscription Cancelled')).length).toBeGreaterThan(0);
    expect(
      screen.getByText('Your subscription will remain active until December 24, 2026.'),
    ).toBeInTheDocument();
    expect(await screen.findByTestId('cancel-pending')).toBeInTheDocument();
    expect(screen.getByText('Ends')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/api/billing/cancel')).toHaveLength(1);
  });

  it('does nothing when the confirmation is declined, and says so when cancelling fails', async () => {
    const calls = fakeApi({
      ...signedIn(),
      'GET /api/billing/subscription': () => ({ json: active }),
      'POST /api/billing/cancel': () => ({
        status: 500,
        json: { error: { code: 'internal', message: 'x' } },
      }),
    });
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    const user = userEvent.setup();
    await renderAt('/profile', <SubscriptionCard />);
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(calls.some((c) => c.path === '/api/billing/cancel')).toBe(false);
    confirm.mockReturnValue(true);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(
      (await screen.findAllByText('Failed to cancel subscription. Please try again.')).length,
    ).toBeGreaterThan(0);
  });

  it('opens the portal in a new tab, and closes the tab with a message when that fails', async () => {
    let fail = false;
    fakeApi({
      ...signedIn(),
      'GET /api/billing/subscription': () => ({ json: active }),
      'POST /api/billing/portal': () =>
        fail
          ? { status: 503, json: { error: { code: 'unavailable', message: 'down' } } }
          : { json: { url: 'https://billing.example/portal/1' } },
    });
    const tab = { opener: {}, location: { href: '' }, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    const user = userEvent.setup();
    await renderAt('/profile', <SubscriptionCard />);
    await user.click(await screen.findByRole('button', { name: /Manage/ }));
    expect(open).toHaveBeenCalledWith('', '_blank');
    await waitFor(() => expect(tab.location.href).toBe('https://billing.example/portal/1'));
    expect(tab.opener).toBeNull();

    fail = true;
    await user.click(screen.getByRole('button', { name: /Manage/ }));
    expect(
      (await screen.findAllByText('Failed to open subscription management')).length,
    ).toBeGreaterThan(0);
    expect(tab.close).toHaveBeenCalled();
  });

  it('says "Failed to check subscription status" when the check fails', async () => {
    fakeApi({
      ...signedIn(),
      'GET /api/billing/subscription': () => ({
        status: 500,
        json: { error: { code: 'internal', message: 'x' } },
      }),
    });
    await renderAt('/profile', <SubscriptionCard />);
    expect(
      (await screen.findAllByText('Failed to check subscription status', {}, { timeout: 5000 }))
        .length,
    ).toBeGreaterThan(0);
  });

  it('shows nothing for users without a subscription', async () => {
    fakeApi({
      ...signedIn(),
      'GET /api/billing/subscription': () => ({
        json: { ...active, subscribed: false, subscription_tier: null, subscription_end: null },
      }),
    });
    const { container } = await renderAt('/profile', <SubscriptionCard />);
    await screen.findByText('Checking subscription status...');
    await waitFor(() =>
      expect(screen.queryByText('Checking subscription status...')).not.toBeInTheDocument(),
    );
    expect(container.querySelector('[data-testid="subscription-card"]')).toBeNull();
  });

  it('keeps Manage for a subscription whose payment failed, with a notice and no Cancel', async () => {
    fakeApi({
      ...signedIn(),
      'GET /api/billing/subscription': () => ({
        json: { ...active, subscribed: false, status: 'past_due' },
      }),
    });
    await renderAt('/profile', <SubscriptionCard />);
    expect(await screen.findByTestId('payment-failed')).toHaveTextContent(
      'Your last payment failed',
    );
    expect(screen.getByRole('button', { name: /Manage/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
  });
});

describe('SubscribeButton', () => {
  it('shows its own loading state, then the checkout error toast when checkout fails', async () => {
    let release: () => void = () => {};
    const calls = fakeApi({
      ...signedIn(),
      'GET /api/billing/subscription': () => ({
        json: {
          subscribed: false,
          subscription_tier: null,
          subscription_end: null,
          cancel_at_period_end: false,
        },
      }),
      'POST /api/billing/checkout': () =>
        new Promise((resolve) => {
          release = () =>
            resolve({ status: 503, json: { error: { code: 'unavailable', message: 'x' } } });
        }),
    });
    const user = userEvent.setup();
    await renderAt(
      '/es/pricing',
      <>
        <SubscribeButton plan="1-month" label="Suscribirse" />
        <SubscribeButton plan="1-year" label="Suscribirse" />
      </>,
      { routePath: '/es/pricing' },
    );
    const [first] = await screen.findAllByRole('button', { name: 'Suscribirse' });
    await waitFor(() => expect(first).toBeEnabled());
    await user.click(first!);
    expect(await screen.findByRole('button', { name: 'Iniciando el pago...' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Suscribirse' })).toBeEnabled();
    expect(calls.find((c) => c.path === '/api/billing/checkout')?.body).toEqual({
      plan: '1-month',
      locale: 'es',
    });
    release();
    expect((await screen.findAllByText('Error en el pago')).length).toBeGreaterThan(0);
    expect(
      screen.getAllByText('No se pudo iniciar el proceso de pago. Inténtalo de nuevo.').length,
    ).toBeGreaterThan(0);
  });

  it('marks the current plan for subscribers and links the others to the profile', async () => {
    fakeApi({
      ...signedIn(),
      'GET /api/billing/subscription': () => ({ json: { ...active, subscription_tier: '1-year' } }),
    });
    await renderAt(
      '/pricing',
      <>
        <SubscribeButton plan="1-month" label="Subscribe" />
        <SubscribeButton plan="1-year" label="Subscribe" />
      </>,
    );
    expect(await screen.findByText('Your current plan')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Manage your subscription' })).toHaveAttribute(
      'href',
      '/profile',
    );
    expect(screen.queryByRole('button', { name: 'Subscribe' })).not.toBeInTheDocument();
  });
});
