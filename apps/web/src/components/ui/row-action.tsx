import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import type { ReactNode } from 'react';

export interface RowActionProps {
  /** What the button does ("Preview"): its tooltip. */
  label: string;
  /** What it does it to (the row's name): screen readers hear "label: target". */
  target: string;
  icon: ReactNode;
  onClick: () => void;
  size?: 'small' | 'medium';
  disabled?: boolean;
}

/** An icon button of a table row (preview, download, delete) with its tooltip and a label naming the row. */
export function RowAction({ label, target, icon, onClick, size, disabled }: RowActionProps) {
  return (
    <Tooltip title={label}>
      <IconButton size={size} aria-label={`${label}: ${target}`} onClick={onClick} disabled={disabled}>
        {icon}
      </IconButton>
    </Tooltip>
  );
}
