import { MAX_MAIL_RECIPIENTS, mailAddressSchema } from '@kantora/domain';
import Add from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../../lib/i18n.ts';

/** The message key why an address is refused, or null for a good one. */
export function addressError(address: string): string | null {
  const result = mailAddressSchema.safeParse(address);
  return result.success ? null : (result.error.issues[0]?.message ?? 'email_valid');
}

export interface RecipientsFieldProps {
  label: string;
  value: string[];
  onChange: (next: string[]) => void;
  /** The server's refusals by position (`to.<n>`) or for the whole list. */
  errors?: { list?: string | null; at?: Record<number, string> };
  disabled?: boolean;
}

/**
 * Recipients as chips: type an address and press Enter (or a comma, or the add button); each is checked before it is
 * added, a repeat is not added twice, a chip can be removed. An address the server refused shows red with why.
 */
export function RecipientsField({ label, value, onChange, errors, disabled }: RecipientsFieldProps) {
  const { t } = useTranslation('mail');
  const [draft, setDraft] = useState('');
  const [draftError, setDraftError] = useState<string | null>(null);
  const helperId = useId();
  const add = () => {
    const addresses = draft
      .split(/[,;\s]+/)
      .map((part) => part.trim())
      .filter(Boolean);
    if (addresses.length === 0) return;
    const refused = addresses.find((address) => addressError(address));
    if (refused) {
      setDraftError(translateMessage(addressError(refused)));
      return;
    }
    const next = [...value];
    for (const address of addresses)
      if (!next.some((known) => known.toLowerCase() === address.toLowerCase())) next.push(address);
    if (next.length > MAX_MAIL_RECIPIENTS) {
      setDraftError(translateMessage('mail_too_many_recipients'));
      return;
    }
    onChange(next);
    setDraft('');
    setDraftError(null);
  };
  const chipErrors = value.map((address, index) => errors?.at?.[index] ?? addressError(address));
  const message = draftError ?? (errors?.list ? translateMessage(errors.list) : null);
  const firstChipError = chipErrors.find(Boolean);
  return (
    <Box>
      <TextField
        label={label}
        value={draft}
        disabled={disabled}
        fullWidth
        type="email"
        error={Boolean(message)}
        onChange={(event) => {
          setDraft(event.target.value);
          setDraftError(null);
        }}
        onBlur={() => {
          if (draft.trim()) add();
        }}
        onKeyDown={(event) => {
          // Enter or a comma adds the address instead of submitting the dialog.
          if (event.key === 'Enter' || event.key === ',') {
            event.preventDefault();
            add();
          }
        }}
        slotProps={{
          htmlInput: { 'aria-describedby': helperId, maxLength: 320 },
          input: {
            endAdornment: (
              <InputAdornment position="end">
                <IconButton
                  edge="end"
                  size="small"
                  onClick={add}
                  disabled={disabled || !draft.trim()}
                  aria-label={t('send.add_recipient')}
                >
                  <Add fontSize="small" />
                </IconButton>
              </InputAdornment>
            ),
          },
        }}
      />
      <FormHelperText id={helperId} error={Boolean(message || firstChipError)} sx={{ mx: 1.75 }}>
        {message ?? (firstChipError ? translateMessage(firstChipError) : t('send.recipients_hint'))}
      </FormHelperText>
      {value.length > 0 && (
        <Box
          component="ul"
          aria-label={t('send.recipients')}
          sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75, listStyle: 'none', p: 0, m: 0, mt: 1 }}
        >
          {value.map((address, index) => (
            <li key={address}>
              <Chip
                label={address}
                size="small"
                color={chipErrors[index] ? 'error' : 'default'}
                variant={chipErrors[index] ? 'outlined' : 'filled'}
                onDelete={disabled ? undefined : () => onChange(value.filter((_, at) => at !== index))}
                sx={{
                  maxWidth: '100%',
                  height: 'auto',
                  '& .MuiChip-label': { whiteSpace: 'normal', py: 0.5, wordBreak: 'break-all' },
                }}
              />
            </li>
          ))}
        </Box>
      )}
    </Box>
  );
}
