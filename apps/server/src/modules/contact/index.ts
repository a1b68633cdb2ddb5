export { registerContact } from './contact.routes.ts';
