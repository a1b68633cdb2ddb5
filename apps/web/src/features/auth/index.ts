export { AuthPage, useAuthMode } from './components/auth-page.tsx';
