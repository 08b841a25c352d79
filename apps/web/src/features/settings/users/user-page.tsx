import type { User } from '@kantora/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { SessionsCard } from '../../../components/entities/account-security/sessions-card.tsx';
import { DocumentsCard } from '../../../components/entities/documents/documents-card.tsx';
import { PageLoader } from '../../../components/ui/page-loader.tsx';
import { StatusIcon } from '../../../components/ui/status-icon.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { LoadFailed } from '../load-failed.tsx';
import { useInvalidate } from '../../../lib/metadata.ts';
import { RecordsCard } from './records-card.tsx';
import { UserForm } from './user-form.tsx';
import { UserTwoFactorCard } from './user-security-card.tsx';
import { fullName } from './user-labels.ts';
import { userKeys, usersApi } from '../../../api/users.ts';
import { metadataKeys } from '../../../api/metadata.ts';

/** Name, access and status of a saved user above the form. */
function UserHeading({ user }: { user: User }) {
  const { t, i18n } = useTranslation('settings');
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5, mb: 1.5 }}>
      <Typography variant="h5" component="h2" sx={{ mr: 0.5 }}>
        {fullName(user, i18n.language)}
      </Typography>
      <Chip size="small" variant="outlined" label={t(`users.access.${user.access}`)} />
      <StatusIcon active={user.status === 1} label={t(user.status === 1 ? 'status.active' : 'status.inactive')} />
      {user.created && (
        <Typography variant="body2" color="text.secondary" sx={{ ml: { sm: 'auto' } }}>
          {t('users.created_on', { date: formatDateTime(user.created) })}
        </Typography>
      )}
    </Box>
  );
}

/**
 * /settings/users/create and /settings/users/{id}: the user form and, once saved, education, experience, documents, the
 * user's sessions (end any) and the reset of their second factor.
 */
export default function UserPage() {
  const { t, i18n } = useTranslation('settings');
  const { id } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const invalidate = useInvalidate();
  const query = useQuery({
    queryKey: userKeys.one(id ?? ''),
    queryFn: () => usersApi.get(id as string),
    enabled: Boolean(id),
  });

  if (id && query.isPending) return <PageLoader />;
  if (id && query.isError) return <LoadFailed onRetry={() => void query.refetch()} />;
  const user = id ? (query.data ?? null) : null;

  const saved = (next: User) => {
    queryClient.setQueryData(userKeys.one(next._id), next);
    invalidate(userKeys.list, metadataKeys.all);
    // The first save makes the page the user's own: /settings/users/{id}.
    if (!id) navigate(`/settings/users/${next._id}`, { replace: true });
  };

  return (
    <>
      {user && <UserHeading user={user} />}
      <UserForm key={user?._id ?? 'new'} user={user} onSaved={saved} />
      {user ? (
        <Box sx={{ display: 'grid', gap: 2, '& > section': { mb: 0 } }}>
          <RecordsCard kind="education" userId={user._id} />
          <RecordsCard kind="experience" userId={user._id} />
          <DocumentsCard
            parent={{ parentType: 'user', parentId: user._id }}
            canAdd
            canEdit
            canDelete
            deleteMessage="are_your_sure_delete_user_document"
          />
          <SessionsCard userId={user._id} />
          <UserTwoFactorCard userId={user._id} name={fullName(user, i18n.language)} />
        </Box>
      ) : (
        <Alert severity="info">{t('users.records_after_save')}</Alert>
      )}
    </>
  );
}
