import ArrowBack from '@mui/icons-material/ArrowBack';
import Save from '@mui/icons-material/Save';
import { Access, type UserSaveInput, UserStatus, UserType, userSaveSchema, type User } from '@kantora/domain';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DateField } from '../../../components/ui/fields/date-field.tsx';
import { LocalizedTextField } from '../../../components/ui/fields/localized-text-field.tsx';
import { SelectField } from '../../../components/ui/fields/select-field.tsx';
import { applyServerErrors } from '../../../components/ui/fields/server-errors.ts';
import { FormTextField } from '../../../components/ui/fields/text-field.tsx';
import { PageToolbar } from '../../../components/ui/page-toolbar.tsx';
import { SectionCard } from '../../../components/ui/section-card.tsx';
import { useSessionUser } from '../../../lib/session.ts';
import { emptyText, schemaResolver } from '../../../lib/labels.ts';
import { accessOptions, genderOptions, statusOptions, typeOptions } from './user-labels.ts';
import { usersApi } from '../../../api/users.ts';

export interface UserFormValues {
  _id?: string;
  firstName: { bg: string; it: string };
  middleName: { bg: string; it: string };
  lastName: { bg: string; it: string };
  gender: number | null;
  email: string;
  phone: string;
  address: { country: string; state: string; city: string; zipCode: string; street: string };
  dateOfBirth: string | null;
  notes: string;
  /** Only sent when typed: required for a new user, a change otherwise. */
  password: string;
  type: number | null;
  access: number | null;
  status: number | null;
}

const text = (value: { bg?: string; it?: string } | undefined) => ({ bg: value?.bg ?? '', it: value?.it ?? '' });

/** Form values of a user; a new user is a client with client access, active. */
export function toUserForm(user: User | null): UserFormValues {
  return {
    ...(user ? { _id: user._id } : {}),
    firstName: user ? text(user.firstName) : emptyText(),
    middleName: user ? text(user.middleName) : emptyText(),
    lastName: user ? text(user.lastName) : emptyText(),
    gender: user?.gender ?? 0,
    email: user?.email ?? '',
    phone: user?.phone ?? '',
    address: {
      country: user?.address?.country ?? '',
      state: user?.address?.state ?? '',
      city: user?.address?.city ?? '',
      zipCode: user?.address?.zipCode ?? '',
      street: user?.address?.street ?? '',
    },
    dateOfBirth: user?.dateOfBirth ?? null,
    notes: user?.notes ?? '',
    password: '',
    type: user?.type ?? UserType.client,
    access: user?.access ?? Access.client,
    status: user?.status ?? UserStatus.active,
  };
}

/** The access a type of user gets when the type is picked: clients are clients, employees start as employees. */
export function accessForType(type: number | null): number | null {
  if (type === UserType.client) return Access.client;
  if (type === UserType.employee) return Access.employee;
  return null;
}

const grid = { display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } } as const;

export interface UserFormProps {
  user: User | null;
  /** After each successful save, with the saved user. */
  onSaved: (user: User) => void;
}

/** Personal details, access and address of a user; one Save for all of it. */
export function UserForm({ user, onSaved }: UserFormProps) {
  const { t } = useTranslation('settings');
  const formId = useId();
  const me = useSessionUser();
  const form = useForm<UserFormValues, any, UserSaveInput>({
    resolver: schemaResolver(userSaveSchema),
    defaultValues: toUserForm(user),
  });
  const { control, formState, setValue } = form;
  const type = useWatch({ control, name: 'type' });
  const isClient = type === UserType.client;
  const isMe = Boolean(user && me && user._id === me.id);

  const save = form.handleSubmit(async (values) => {
    try {
      const saved = await usersApi.save(values);
      form.reset(toUserForm(saved));
      onSaved(saved);
    } catch (error) {
      applyServerErrors(form.setError, error);
    }
  });

  const access = accessOptions(t).map((option) => ({
    ...option,
    disabled: type === UserType.employee && option.value === Access.client,
  }));
  let accessHint: string | undefined;
  if (isMe) accessHint = t('users.own_access_hint');
  else if (isClient) accessHint = t('users.client_access_hint');

  return (
    <>
      <PageToolbar description={user ? t('users.edit_intro') : t('users.new_intro')}>
        <Button component={Link} to="/settings/users" startIcon={<ArrowBack />}>
          {t('users.back_to_list')}
        </Button>
        <Button type="submit" form={formId} variant="contained" startIcon={<Save />} disabled={formState.isSubmitting}>
          {t('common:actions.save')}
        </Button>
      </PageToolbar>
      <Box
        component="form"
        id={formId}
        noValidate
        onSubmit={save}
        aria-label={t('users.form_label')}
        autoComplete="off"
      >
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr', lg: '3fr 2fr' },
            alignItems: 'start',
            '& section': { mb: 0 },
          }}
        >
          <Stack spacing={2}>
            <SectionCard title={t('users.personal')}>
              <Stack spacing={2}>
                <LocalizedTextField control={control} name="firstName" label={t('fields.first_name')} required />
                <LocalizedTextField control={control} name="middleName" label={t('fields.middle_name')} />
                <LocalizedTextField control={control} name="lastName" label={t('fields.last_name')} required />
                <Box sx={grid}>
                  <FormTextField
                    control={control}
                    name="email"
                    label={t('fields.email')}
                    required
                    type="email"
                    slotProps={{ htmlInput: { maxLength: 320 } }}
                  />
                  <FormTextField
                    control={control}
                    name="phone"
                    label={t('fields.phone')}
                    type="tel"
                    slotProps={{ htmlInput: { maxLength: 50 } }}
                  />
                  <SelectField control={control} name="gender" label={t('fields.gender')} options={genderOptions(t)} />
                  <DateField control={control} name="dateOfBirth" label={t('fields.date_of_birth')} />
                </Box>
                <FormTextField control={control} name="notes" label={t('fields.notes')} multiline minRows={2} />
              </Stack>
            </SectionCard>
            <SectionCard title={t('users.address')}>
              <Box sx={grid}>
                <FormTextField control={control} name="address.country" label={t('fields.country')} />
                <FormTextField control={control} name="address.state" label={t('fields.state')} />
                <FormTextField control={control} name="address.city" label={t('fields.city')} />
                <FormTextField control={control} name="address.zipCode" label={t('fields.zip_code')} />
                <Box sx={{ gridColumn: '1 / -1' }}>
                  <FormTextField control={control} name="address.street" label={t('fields.street')} />
                </Box>
              </Box>
            </SectionCard>
          </Stack>
          <SectionCard title={t('users.access_card')}>
            <Stack spacing={2}>
              <SelectField
                control={control}
                name="type"
                label={t('fields.type')}
                required
                options={typeOptions(t)}
                disabled={isMe}
                onValueChange={(next) => {
                  const coupled = accessForType(next);
                  if (coupled !== null)
                    setValue('access', coupled, { shouldDirty: true, shouldValidate: formState.isSubmitted });
                }}
              />
              <SelectField
                control={control}
                name="access"
                label={t('fields.access')}
                required
                options={access}
                disabled={isClient || isMe}
                helperText={accessHint}
              />
              <SelectField
                control={control}
                name="status"
                label={t('fields.status')}
                required
                options={statusOptions(t)}
                disabled={isMe}
              />
              <FormTextField
                control={control}
                name="password"
                label={t('fields.password')}
                type="password"
                required={!user}
                helperText={user ? t('users.password_keep') : t('users.password_rule')}
                slotProps={{ htmlInput: { autoComplete: 'new-password', maxLength: 200 } }}
              />
            </Stack>
          </SectionCard>
        </Box>
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', my: 2 }}>
          <Button type="submit" variant="contained" startIcon={<Save />} disabled={formState.isSubmitting}>
            {t('common:actions.save')}
          </Button>
        </Box>
      </Box>
    </>
  );
}
