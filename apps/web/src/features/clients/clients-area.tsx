import type { AreaPageProps } from '../../components/ui/area-types.ts';
import { ClientPage, ClientsPage } from './clients-pages.ts';

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
