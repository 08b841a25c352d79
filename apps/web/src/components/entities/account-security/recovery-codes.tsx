import ContentCopy from '@mui/icons-material/ContentCopy';
import Download from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { saveBlob } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/notify.ts';

/** Puts a text on the clipboard and says so (or that the browser refused). */
export async function copyText(text: string, done: string, failed: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    notify.success(done);
  } catch {
    notify.error(failed);
  }
}

/** The ten recovery codes, shown once: a warning, the codes in a grid, copy and download as a text file. */
export function RecoveryCodes({ codes }: { codes: string[] }) {
  const { t } = useTranslation('security');
  const text = codes.join('\n');
  return (
    <Stack spacing={2}>
      <Alert severity="warning">{t('recovery.shown_once')}</Alert>
      <Box
        component="ol"
        aria-label={t('recovery.title')}
        sx={{
          m: 0,
          p: 2,
          listStyle: 'none',
          display: 'grid',
          gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(2, max-content)' },
          justifyContent: 'center',
          columnGap: 4,
          rowGap: 1,
          bgcolor: 'grey.100',
          borderRadius: 1,
          fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
          fontSize: { xs: '0.95rem', sm: '1.05rem' },
          letterSpacing: '0.04em',
        }}
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </Box>
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', justifyContent: 'center' }} useFlexGap>
        <Button
          variant="outlined"
          startIcon={<ContentCopy />}
          onClick={() => void copyText(text, t('recovery.copied'), t('copy_failed'))}
        >
          {t('recovery.copy')}
        </Button>
        <Button
          variant="outlined"
          startIcon={<Download />}
          onClick={() =>
            saveBlob(
              new Blob([`${t('recovery.file_heading')}\n\n${text}\n`], { type: 'text/plain;charset=utf-8' }),
              'kantora-recovery-codes.txt',
            )
          }
        >
          {t('recovery.download')}
        </Button>
      </Stack>
    </Stack>
  );
}
