import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { ErrorPage } from './error-page.tsx';

/**
 * A known page the user's role may not open: it says so, with the address and a way to the user's start page
 * (instead of silently going there, which left the user wondering where the page went).
 */
export default function NoAccessPage() {
  const { t } = useTranslation('errors');
  const { pathname } = useLocation();
  return <ErrorPage code={403} heading={t('no_access_heading')} detail={t('no_access_detail', { path: pathname })} />;
}
