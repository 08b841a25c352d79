import { lazy } from 'react';
import type { AreaPageProps } from '../../components/area-types.ts';

const ClientsPage = lazy(() => import('./clients-page.tsx'));
const ClientPage = lazy(() => import('./client-page.tsx'));

/** The clients area: the list, and the client page (new or existing). */
export default function ClientsArea({ route }: AreaPageProps) {
  switch (route.path) {
    case '/clients':
      return <ClientsPage />;
    case '/clients/create':
    case '/clients/:id':
      return <ClientPage />;
  }
  return null;
}
