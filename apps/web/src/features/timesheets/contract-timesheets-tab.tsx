import type { ContractOption } from '@kantora/domain';
import { useTranslation } from 'react-i18next';
import type { ContractTabProps } from '../../components/ui/area-types.ts';
import { TimesheetsList } from './timesheets-list.tsx';

/** The contract page's timesheets tab: the contract's rows (an employee's own); new rows start with it. */
export default function ContractTimesheetsTab({ contract }: ContractTabProps) {
  const { t } = useTranslation('timesheets');
  if (!contract) return null;
  const option: ContractOption = {
    _id: contract._id,
    name: contract.name,
    customerId: contract.customerId,
    companyName: contract.companyName,
    fromDate: contract.fromDate,
    toDate: contract.toDate,
    status: contract.status,
    currency: contract.currency,
    currencyCode: contract.currencyCode,
  };
  return <TimesheetsList contract={option} description={t('list.contract_intro')} />;
}
