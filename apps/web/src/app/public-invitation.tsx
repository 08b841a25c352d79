import { PublicFrame } from '../components/ui/public-frame.tsx';
import { InvitationPage } from './areas.ts';
import { DataProviders } from './data-providers.tsx';

/** /events/invitation/{id}: the calendar's public page inside the public frame. */
export default function PublicInvitation() {
  return (
    <DataProviders>
      <PublicFrame>
        <InvitationPage route={{ path: '/events/invitation/:id', title: 'event_invitation', area: 'calendar' }} />
      </PublicFrame>
    </DataProviders>
  );
}
