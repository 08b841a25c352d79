import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { deleteCookie } from '../lib/cookies.ts';
import i18n, { changeLocale } from '../lib/i18n.ts';

// CI machines are shared and busy: give findBy/waitFor more than the default second.
configure({ asyncUtilTimeout: 5000 });

// Tests read the Bulgarian texts (the default locale).
await changeLocale('bg');

afterEach(async () => {
  cleanup();
  if (i18n.language !== 'bg') await changeLocale('bg');
  window.localStorage.clear();
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (name) deleteCookie(decodeURIComponent(name));
  }
  window.location.hash = '';
});
