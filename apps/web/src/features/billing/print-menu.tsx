import { type BillingDocumentView, type PrintLayoutName, printLayoutsFor } from '@kantora/domain';
import ArrowDropDown from '@mui/icons-material/ArrowDropDown';
import Print from '@mui/icons-material/Print';
import Button from '@mui/material/Button';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { billingApi } from './billing-api.ts';

/**
 * The print buttons of a document, in one menu: every layout the document may print (`printLayoutsFor`): the
 * default one, the Bulgarian one (in leva), for proformas the company's alternative layout with both accounts,
 * and the Italian one. Each opens the PDF in a new tab; a draft prints with the watermark.
 */
export function PrintMenu({ doc }: { doc: BillingDocumentView }) {
  const { t, i18n } = useTranslation('billing');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const layouts = printLayoutsFor({ kind: doc.kind, showBGInvoice: doc.showBGInvoice });
  const print = (layout: PrintLayoutName) => {
    setAnchor(null);
    void billingApi(doc.kind)
      .print(doc._id, layout, i18n.language)
      .catch(() => undefined);
  };
  return (
    <>
      <Button
        variant="outlined"
        startIcon={<Print />}
        endIcon={<ArrowDropDown />}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        {t('print.button')}
      </Button>
      <Menu id={menuId} anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {layouts.map((layout) => (
          <MenuItem key={layout} onClick={() => print(layout)}>
            <ListItemText primary={t(`print.layouts.${layout}`)} secondary={doc.issued ? undefined : t('print.draft_note')} />
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
