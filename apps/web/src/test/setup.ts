import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';
import { NAMESPACES, i18n, initI18n } from '../lib/i18n.ts';
import { fakeApi, installFakeFetch } from './fake-api.ts';

beforeAll(async () => {
  installFakeFetch();
  // The real catalogs, English, every namespace loaded up front.
  await initI18n('en', NAMESPACES);
});

afterEach(async () => {
  cleanup();
  fakeApi({});
  window.localStorage.clear();
  await i18n.changeLanguage('en');
});
