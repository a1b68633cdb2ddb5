export { AdminPage } from './components/admin-page.tsx';
