import type { TimesheetFilterInput, ClientOption, UserOption } from '@kantora/domain';
import { useTranslation } from 'react-i18next';
import { ClientSearchField } from '../../components/entities/client-search.tsx';
import { DateField } from '../../components/ui/fields/date-field.tsx';
import { OptionSelectField } from '../../components/ui/fields/option-select-field.tsx';
import { FilterForm } from '../../components/ui/filter-form.tsx';
import type { ServiceOption } from '../../components/entities/services-picker-dialog.tsx';
import { localized } from '../../lib/labels.ts';
import { useMetadata } from '../../api/metadata.ts';
import { serviceLabel } from './timesheet-form.ts';

/** The filter form's values: the client as the search gives it, the rest as the list call takes it. */
export interface TimesheetFilterValues {
  client: ClientOption | null;
  user: string | null;
  services: string[];
  fromDate: string | null;
  toDate: string | null;
}

export const emptyTimesheetFilter: TimesheetFilterValues = {
  client: null,
  user: null,
  services: [],
  fromDate: null,
  toDate: null,
};

/** What a list is fixed to: one client (the client page's tab) or one contract (the contract page's). */
export interface TimesheetScope {
  client?: ClientOption | null;
  contract?: { _id: string } | null;
}

/** The filter as the list, the export and the print take it (`client` is the client's id; the scope is added). */
export function toListFilter<T extends Partial<TimesheetFilterValues>>(
  { client, ...rest }: T,
  scope: TimesheetScope = {},
): Omit<T, 'client'> & Pick<TimesheetFilterInput, 'client' | 'contract'> {
  const clientId = scope.client?._id ?? client?._id;
  return {
    ...rest,
    ...(clientId ? { client: clientId } : {}),
    ...(scope.contract ? { contract: scope.contract._id } : {}),
  };
}

/** Client (unless the list is one client's or contract's), for management the employee and the services, from/to date. */
export function TimesheetsFilter({
  withClient,
  management,
  onApply,
  onResetPage,
}: {
  withClient: boolean;
  management: boolean;
  onApply: (values: TimesheetFilterValues) => void;
  onResetPage: () => void;
}) {
  const { t, i18n } = useTranslation('timesheets');
  const locale = i18n.language;
  const users = useMetadata<UserOption[]>('getAllEmployeeUsers', management);
  const services = useMetadata<ServiceOption[]>('getServices', management);
  const userOptions = (users.data ?? []).map((user) => ({ value: user._id, label: localized(user.fullName, locale) }));
  const serviceOptions = (services.data ?? []).map((service) => ({
    value: service._id,
    label: serviceLabel(service, locale),
  }));
  return (
    <FilterForm<TimesheetFilterValues> emptyValues={emptyTimesheetFilter} onApply={onApply} onResetPage={onResetPage}>
      {(form) => (
        <>
          {withClient && <ClientSearchField control={form.control} name="client" label={t('fields.client')} />}
          {management && (
            <OptionSelectField
              control={form.control}
              name="user"
              label={t('fields.user')}
              options={userOptions}
              clearable
            />
          )}
          {management && (
            <OptionSelectField
              control={form.control}
              name="services"
              label={t('fields.services')}
              options={serviceOptions}
              multiple
            />
          )}
          <DateField control={form.control} name="fromDate" label={t('filter.from_date')} />
          <DateField
            control={form.control}
            name="toDate"
            label={t('filter.to_date')}
            minDate={form.watch('fromDate') ?? undefined}
          />
        </>
      )}
    </FilterForm>
  );
}
