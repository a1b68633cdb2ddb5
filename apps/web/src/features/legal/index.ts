export { LegalPage } from './components/legal-page.tsx';
