import Save from '@mui/icons-material/Save';
import { type RegisterNumbersSaveInput, registerNumbersSaveSchema, type RegisterNumbers } from '@kantora/domain';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { NumberField } from '../../../components/ui/fields/number-field.tsx';
import { applyServerErrors } from '../../../components/ui/fields/server-errors.ts';
import { SectionCard } from '../../../components/ui/section-card.tsx';
import { schemaResolver } from '../../../lib/labels.ts';
import { settingsApi, settingsKeys } from '../../../api/settings.ts';

interface RegisterFormValues {
  invoices: number | null;
  proformaInvoices: number | null;
}

const toForm = (numbers: RegisterNumbers): RegisterFormValues => ({
  invoices: numbers.invoices,
  proformaInvoices: numbers.proformaInvoices,
});
const DIGITS = { htmlInput: { inputMode: 'numeric' as const, maxLength: 10 } };

/** The next numbers of the two registers; the server refuses going back to an issued number. */
export function RegisterNumbersCard({ numbers }: { numbers: RegisterNumbers }) {
  const { t } = useTranslation('settings');
  const queryClient = useQueryClient();
  const form = useForm<RegisterFormValues, any, RegisterNumbersSaveInput>({
    resolver: schemaResolver(registerNumbersSaveSchema),
    defaultValues: toForm(numbers),
  });
  const { control, formState } = form;
  const issued = (count: number) =>
    count > 0 ? t('invoices.last_issued', { number: count }) : t('invoices.none_issued');

  const save = form.handleSubmit(async (values) => {
    try {
      const saved = await settingsApi.saveRegisterNumbers(values);
      queryClient.setQueryData(settingsKeys.registerNumbers, saved);
      form.reset(toForm(saved));
    } catch (error) {
      applyServerErrors(form.setError, error);
    }
  });

  return (
    <SectionCard title={t('invoices.registers')} subtitle={t('invoices.registers_intro')}>
      <Box component="form" noValidate onSubmit={save} aria-label={t('invoices.registers')}>
        <Stack spacing={2}>
          <NumberField
            control={control}
            name="invoices"
            label={t('fields.next_invoice_number')}
            required
            decimals={0}
            grouping={false}
            helperText={issued(numbers.invoicesIssued)}
            slotProps={DIGITS}
          />
          <NumberField
            control={control}
            name="proformaInvoices"
            label={t('fields.next_proforma_number')}
            required
            decimals={0}
            grouping={false}
            helperText={issued(numbers.proformaInvoicesIssued)}
            slotProps={DIGITS}
          />
        </Stack>
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 2 }}>
          <Button type="submit" variant="contained" startIcon={<Save />} disabled={formState.isSubmitting}>
            {t('invoices.save_registers')}
          </Button>
        </Box>
      </Box>
    </SectionCard>
  );
}
