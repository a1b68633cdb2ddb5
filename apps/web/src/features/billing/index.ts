export { SubscribeButton } from './components/subscribe-button.tsx';
export { useCheckoutReturn } from './components/use-checkout-return.ts';
