export { ContactPage } from './components/contact-page.tsx';
