import Save from '@mui/icons-material/Save';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface RecordHeaderProps {
  /** The record's name (or "New ..."). */
  title: ReactNode;
  /** Status chips after the title. */
  chips?: ReactNode;
  /** The transition buttons, on the right before Save. */
  actions?: ReactNode;
  /** Show the Save button (it submits the page's form). */
  canSave: boolean;
  /** Save is disabled while a call runs. */
  saveDisabled: boolean;
  /** Under the title line, inside it (stamps, links). */
  details?: ReactNode;
  /** Under the whole line (notes, dialogs). */
  children?: ReactNode;
}

/** The top of an editable record's page (a contract, an invoice): its title, chips, buttons and Save. */
export function RecordHeader({ title, chips, actions, canSave, saveDisabled, details, children }: RecordHeaderProps) {
  const { t } = useTranslation();
  return (
    <Box sx={{ mb: 2 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5 }}>
        <Typography variant="h5" component="h2" sx={{ overflowWrap: 'anywhere', minWidth: 0 }}>
          {title}
        </Typography>
        {chips}
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, ml: 'auto' }}>
          {actions}
          {canSave && (
            <Button type="submit" variant="contained" startIcon={<Save />} disabled={saveDisabled}>
              {t('common:actions.save')}
            </Button>
          )}
        </Box>
        {details}
      </Box>
      {children}
    </Box>
  );
}
