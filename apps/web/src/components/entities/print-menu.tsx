import { type BillingKind, type PrintLayoutName, printLayoutsFor } from '@kantora/domain';
import ArrowDropDown from '@mui/icons-material/ArrowDropDown';
import Print from '@mui/icons-material/Print';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface PrintMenuProps {
  doc: { kind: BillingKind; showBGInvoice: boolean; issued: boolean };
  /** Opens the PDF of a layout in the language (a new tab); the caller picks the call (staff or portal). */
  print: (layout: PrintLayoutName, lang: string) => Promise<void>;
  /** The layouts to offer when the server lists them (the portal's `printLayouts`); default `printLayoutsFor(doc)`. */
  layouts?: readonly PrintLayoutName[];
  /** Saves the document's e-invoice (EN 16931 UBL XML); given for an issued invoice or notice only. */
  einvoice?: () => Promise<unknown>;
}

/**
 * The print buttons of an invoice or a proforma, in one menu: every layout the document may print
 * (`printLayoutsFor`): the default one, the Bulgarian one (in leva), for proformas the company's alternative
 * layout with both accounts, and the Italian one. A draft prints with the watermark. After them, for an issued invoice
 * or notice, its e-invoice (XML) to download.
 */
export function PrintMenu({ doc, print, layouts: offered, einvoice }: PrintMenuProps) {
  const { t, i18n } = useTranslation('billing');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const layouts = offered ?? printLayoutsFor({ kind: doc.kind, showBGInvoice: doc.showBGInvoice });
  const choose = (layout: PrintLayoutName) => {
    setAnchor(null);
    void print(layout, i18n.language).catch(() => undefined);
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
          <MenuItem key={layout} onClick={() => choose(layout)}>
            <ListItemText
              primary={t(`print.layouts.${layout}`)}
              secondary={doc.issued ? undefined : t('print.draft_note')}
            />
          </MenuItem>
        ))}
        {einvoice && <Divider />}
        {einvoice && (
          <MenuItem
            onClick={() => {
              setAnchor(null);
              void einvoice().catch(() => undefined);
            }}
          >
            <ListItemText primary={t('einvoice.menu')} secondary={t('einvoice.note')} />
          </MenuItem>
        )}
      </Menu>
    </>
  );
}
