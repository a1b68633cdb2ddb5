export { UploadCard } from './components/upload-card.tsx';
export { DocumentsSection } from './components/documents-section.tsx';
export { ApiKeysSection } from './components/api-keys-section.tsx';
