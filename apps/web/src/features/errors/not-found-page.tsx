import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { errorsApi } from '../../api/errors.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { ErrorPage } from './error-page.tsx';

/** Any unknown signed-in path: "404 error", "page not found", a way back; the path is reported once. */
export default function NotFoundPage() {
  const { t } = useTranslation('errors');
  usePageTitle(t('routes:not_found'));
  const { pathname, search } = useLocation();
  const reported = useRef<string | null>(null);
  const path = `${pathname}${search}`;

  useEffect(() => {
    if (reported.current === path) return;
    reported.current = path;
    errorsApi.reportNotFound(path).catch(() => undefined);
  }, [path]);

  return (
    <ErrorPage
      code={404}
      heading={t('not_found_heading')}
      text={t('not_found_text')}
      detail={t('not_found_detail', { path: pathname })}
    />
  );
}
