export { UploadCard } from './components/upload-card.tsx';
