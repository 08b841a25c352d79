import { isManagement } from '@kantora/domain';
import Skeleton from '@mui/material/Skeleton';
import { useQuery } from '@tanstack/react-query';
import { clientQueries } from '../../api/clients.ts';
import { downloadStatement, sendStatementByMail } from '../../api/receivables.ts';
import { StatementCard, type StatementValues } from '../../components/entities/receivables/statement-card.tsx';
import type { ClientTabProps } from '../../components/ui/area-types.ts';
import { useSessionUser } from '../../lib/session.ts';
import { identifierCountry } from './client-forms.ts';

/**
 * The client's statement of account (admin, manager, accountant): a period and a language (the client's to start
 * with), the PDF downloaded or (management) sent by mail, to the client's notification e-mails unless others are
 * chosen. The server's answer says queued or held.
 */
export default function StatementTab({ clientId }: ClientTabProps) {
  const user = useSessionUser();
  const client = useQuery(clientQueries.one(clientId));
  const canMail = Boolean(user && isManagement(user.access));
  const send = (values: StatementValues, to: string[]) => sendStatementByMail({ clientId, ...values, to });
  // The form starts from the client's language and e-mails: shown once they are known.
  if (client.isPending) return <Skeleton variant="rounded" height={160} />;
  return (
    <StatementCard
      onDownload={(values) => downloadStatement({ clientId, ...values })}
      onSend={canMail ? send : undefined}
      defaultRecipients={client.data?.notificationsEmails ?? []}
      defaultLanguage={client.data ? identifierCountry(client.data) : undefined}
    />
  );
}
