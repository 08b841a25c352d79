import CheckCircle from '@mui/icons-material/CheckCircle';
import DoNotDisturbOnOutlined from '@mui/icons-material/DoNotDisturbOnOutlined';
import Box from '@mui/material/Box';
import Tooltip from '@mui/material/Tooltip';

export interface StatusIconProps {
  active: boolean;
  /** What the icon says to screen readers and on hover ("Active" / "Inactive"). */
  label: string;
}

/** The active/inactive mark of a status column: a green tick or a grey dash in a circle. */
export function StatusIcon({ active, label }: StatusIconProps) {
  const Icon = active ? CheckCircle : DoNotDisturbOnOutlined;
  return (
    <Tooltip title={label}>
      <Box component="span" role="img" aria-label={label} sx={{ display: 'inline-flex', verticalAlign: 'middle' }}>
        <Icon fontSize="small" color={active ? 'success' : 'disabled'} aria-hidden />
      </Box>
    </Tooltip>
  );
}
