export { useSubscription } from './api/subscription.ts';
export { SubscribeButton } from './components/subscribe-button.tsx';
export { SubscriptionCard } from './components/subscription-card.tsx';
export { useCheckoutReturn } from './components/use-checkout-return.ts';
