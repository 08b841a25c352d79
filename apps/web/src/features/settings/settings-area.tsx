import { lazy } from 'react';
import type { AreaPageProps } from '../../components/ui/area-types.ts';
import { dictionaryOfPath } from './dictionaries/dictionary-config.tsx';
import { DictionaryPage } from './dictionaries/dictionary-page.tsx';

// The heavier pages load on first use; the simple lists come with the area.
const MyCompanyPage = lazy(() => import('./company/my-company-page.tsx'));
const InvoiceSettingsPage = lazy(() => import('./invoices/invoice-settings-page.tsx'));
const UsersPage = lazy(() => import('./users/users-page.tsx'));
const UserPage = lazy(() => import('./users/user-page.tsx'));
const LogsPage = lazy(() => import('./logs/logs-page.tsx'));
const MailTemplatesPage = lazy(() => import('./mail/mail-templates-page.tsx'));
const OutgoingMailPage = lazy(() => import('./mail/outgoing-mail-page.tsx'));
const ReminderSettingsPage = lazy(() => import('./reminders/reminder-settings-page.tsx'));
const SetupPage = lazy(() => import('./setup/setup-page.tsx'));
const SecuritySettingsPage = lazy(() => import('./security/security-settings-page.tsx'));

/** The settings area: my company, invoice settings, the simple lists, users, logs, mail templates, outgoing mail and payment reminders (admin only). */
export default function SettingsArea({ route }: AreaPageProps) {
  switch (route.path) {
    case '/settings/setup':
      return <SetupPage />;
    case '/settings/my-company':
      return <MyCompanyPage />;
    case '/settings/invoices':
      return <InvoiceSettingsPage />;
    case '/settings/users':
      return <UsersPage />;
    case '/settings/users/create':
    case '/settings/users/:id':
      return <UserPage />;
    case '/settings/logs':
      return <LogsPage />;
    case '/settings/security':
      return <SecuritySettingsPage />;
    case '/settings/mail-templates':
      return <MailTemplatesPage />;
    case '/settings/outgoing-mail':
      return <OutgoingMailPage />;
    case '/settings/reminders':
      return <ReminderSettingsPage />;
  }
  const dictionary = dictionaryOfPath(route.path);
  // A new key per list: switching lists starts the page (paging, filters, dialog) afresh.
  return dictionary ? <DictionaryPage key={dictionary.kind} config={dictionary} /> : null;
}
