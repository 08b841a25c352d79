import type { PortalCompanyView } from '@kantora/domain';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { downloadMyStatement, receivableQueries } from '../../api/receivables.ts';
import { StatementCard } from '../../components/entities/receivables/statement-card.tsx';
import { SectionCard } from '../../components/ui/section-card.tsx';
import { formatMoney } from '../../lib/format.ts';

/** The company's outstanding and overdue amounts per currency (EUR first; leva of older documents apart). */
function BalanceCard({ companyId }: { companyId: string }) {
  const { t } = useTranslation('reminders');
  const balance = useQuery(receivableQueries.myBalance(companyId));
  const rows = balance.data ?? [];
  const owes = rows.some((row) => row.outstanding > 0);
  return (
    <SectionCard title={t('balance.title')} subtitle={t('balance.hint')} flush>
      {balance.isPending ? (
        <Skeleton height={48} sx={{ mx: 2.5 }} />
      ) : balance.isError ? (
        <Typography color="error" sx={{ px: { xs: 2, sm: 2.5 }, py: 2 }}>
          {t('balance.load_failed')}
        </Typography>
      ) : !owes ? (
        <Typography color="text.secondary" sx={{ px: { xs: 2, sm: 2.5 }, py: 2 }}>
          {t('balance.none')}
        </Typography>
      ) : (
        <>
          <Table size="small" aria-label={t('balance.title')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('balance.currency')}</TableCell>
                <TableCell align="right">{t('balance.outstanding')}</TableCell>
                <TableCell align="right">{t('balance.overdue')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row) => (
                <TableRow key={row.currency}>
                  <TableCell component="th" scope="row">
                    {row.currency}
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {formatMoney(row.outstanding, row.currency)}
                  </TableCell>
                  <TableCell
                    align="right"
                    sx={{ whiteSpace: 'nowrap', color: row.overdue > 0 ? 'error.main' : undefined }}
                  >
                    {formatMoney(row.overdue, row.currency)}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          {rows.length > 1 && rows.some((row) => row.currency === 'BGN') && (
            <Typography variant="body2" color="text.secondary" sx={{ px: { xs: 2, sm: 2.5 }, py: 1.5 }}>
              {t('balance.bgn_note')}
            </Typography>
          )}
        </>
      )}
    </SectionCard>
  );
}

/** The portal company page's money: what the company owes, and its statement of account for a period. */
export function CompanyBalance({ company }: { company: PortalCompanyView }) {
  return (
    <>
      <BalanceCard companyId={company._id} />
      <StatementCard onDownload={(values) => downloadMyStatement({ companyId: company._id, ...values })} />
    </>
  );
}
