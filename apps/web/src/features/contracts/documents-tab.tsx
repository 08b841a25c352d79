import { useTranslation } from 'react-i18next';
import type { ContractTabProps } from '../../components/ui/area-types.ts';
import { DocumentsCard } from '../../components/entities/documents/documents-card.tsx';

/**
 * The contract's documents (type, date, description and notes in both languages, files). Management adds,
 * edits and deletes them unless the contract is canceled; everyone who sees the contract downloads the files.
 */
export default function DocumentsTab({ contract }: ContractTabProps) {
  const { t } = useTranslation('contracts');
  if (!contract) return null;
  const canWrite = contract.rights.canEditDocuments;
  const subtitle = contract.rights.canSeeBilling && !canWrite ? t('documents.canceled_hint') : undefined;
  return (
    <DocumentsCard
      parent={{ parentType: 'contract', parentId: contract._id }}
      canAdd={canWrite}
      canEdit={canWrite}
      canDelete={canWrite}
      title={t('tabs.documents')}
      subtitle={subtitle}
    />
  );
}
