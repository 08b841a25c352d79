import { useTranslation } from 'react-i18next';
import { BanksCard } from '../../components/entities/banks/banks-card.tsx';
import type { ClientTabProps } from '../../components/ui/area-types.ts';

/** The client's bank accounts; add and edit for management, preview for the others. */
export default function BanksTab({ clientId, canWrite }: ClientTabProps) {
  const { t } = useTranslation('clients');
  return <BanksCard owner={{ companyId: clientId }} readOnly={!canWrite} title={t('tabs.banks')} />;
}
