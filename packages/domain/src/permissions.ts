import { ADMIN, MANAGEMENT, STAFF, CLIENT, EVERYONE, Access, type AccessValue } from './roles.ts';

/**
 * The one permission matrix. Server calls name a permission from `Permissions`; web routes
 * carry the same role lists, so the drawer, the route guard and the server agree.
 */
export const Permissions = {
  /** Any signed-in user (auth calls, locale, not-found reports). */
  signedIn: EVERYONE,
  /** Whole settings area, users, logs. */
  settings: ADMIN,
  /** The first-run checklist (GET /api/settings/setupStatus and its page). */
  setupStatus: ADMIN,
  /** Metadata look-ups for staff screens. */
  metadata: STAFF,
  clientsRead: STAFF,
  clientsWrite: MANAGEMENT,
  contractsRead: STAFF,
  contractsWrite: MANAGEMENT,
  /** Returning a registered or canceled contract to draft. */
  contractsUnregister: ADMIN,
  /** Changing the provider's banks of a registered contract (POST /api/contracts/saveBanks). */
  contractsBanks: MANAGEMENT,
  /** Documents with a parent (users, contracts): the parent's policy decides further. */
  documents: STAFF,
  timesheets: [Access.admin, Access.manager, Access.employee] as readonly AccessValue[],
  /** Deleting a timesheet row. */
  timesheetsDelete: ADMIN,
  /** Exporting and printing timesheets. */
  timesheetsReports: MANAGEMENT,
  proformas: MANAGEMENT,
  invoicesRead: [Access.admin, Access.manager, Access.accountant] as readonly AccessValue[],
  invoicesWrite: MANAGEMENT,
  /** Sending invoices, notices and proformas by e-mail and reading their mail history (documents by e-mail). */
  documentsMail: MANAGEMENT,
  /** Returning an issued invoice or proforma to draft. */
  billingUnissue: ADMIN,
  /** The billing run: the month's due contracts previewed and billed in one step. */
  billingRun: MANAGEMENT,
  /** Reading an invoice's payments (the payments dialogs; accountants read them). Proformas' payments: `proformas`. */
  invoicePaymentsRead: [Access.admin, Access.manager, Access.accountant] as readonly AccessValue[],
  /** Adding, changing and removing payments, and the paid toggle of proforma rows. */
  paymentsWrite: MANAGEMENT,
  documentsFlow: STAFF,
  /** Deleting a document-flow item. */
  documentsFlowDelete: ADMIN,
  calendar: STAFF,
  /** Deleting events (the creator or management edit; only management deletes). */
  calendarDelete: MANAGEMENT,
  portal: CLIENT,
} as const satisfies Record<string, readonly AccessValue[]>;
export type PermissionName = keyof typeof Permissions;

export interface WebRoute {
  /** react-router path pattern. */
  path: string;
  /** Allowed roles; undefined = any signed-in user. */
  roles?: readonly AccessValue[];
  /** i18n key of the title (namespace `routes`). */
  title: string;
  /** Shown in the side drawer. */
  drawer?: boolean;
  /** Drawer icon name (resolved by the web app). */
  icon?: string;
  /** The area module that renders it. */
  area: string;
  /** Parent path in the drawer (settings children). */
  parent?: string;
}

/** Open without sign-in; the forgotten-password pages are added to the spec's list (docs/decisions.md, "Account security"). */
export const PUBLIC_PATHS = [
  '/login',
  '/auth-redirect',
  '/events/invitation',
  '/forgot-password',
  '/reset-password',
] as const;

const settingsChild = (slug: string, title: string, drawer = true): WebRoute => ({
  path: `/settings/${slug}`,
  roles: Permissions.settings,
  title,
  drawer,
  area: 'settings',
  parent: '/settings',
});

export const WEB_ROUTES: readonly WebRoute[] = [
  { path: '/clients', roles: STAFF, title: 'clients', drawer: true, icon: 'business', area: 'clients' },
  { path: '/clients/create', roles: MANAGEMENT, title: 'client_create', area: 'clients' },
  { path: '/clients/:id', roles: STAFF, title: 'client_preview', area: 'clients' },
  {
    path: '/contracts',
    roles: Permissions.contractsRead,
    title: 'contracts',
    drawer: true,
    icon: 'description',
    area: 'contracts',
  },
  { path: '/contracts/create', roles: Permissions.contractsWrite, title: 'contract_create', area: 'contracts' },
  { path: '/contracts/:id', roles: Permissions.contractsRead, title: 'contract_preview', area: 'contracts' },
  {
    path: '/timesheets',
    roles: Permissions.timesheets,
    title: 'timesheets',
    drawer: true,
    icon: 'schedule',
    area: 'timesheets',
  },
  {
    path: '/proforma-invoices',
    roles: Permissions.proformas,
    title: 'proforma_invoices',
    drawer: true,
    icon: 'request_quote',
    area: 'billing',
  },
  {
    path: '/proforma-invoices/create',
    roles: Permissions.proformas,
    title: 'proforma_invoice_create',
    area: 'billing',
  },
  { path: '/proforma-invoices/:id', roles: Permissions.proformas, title: 'proforma_invoice_preview', area: 'billing' },
  {
    path: '/invoices',
    roles: Permissions.invoicesRead,
    title: 'invoices',
    drawer: true,
    icon: 'receipt',
    area: 'billing',
  },
  { path: '/invoices/create', roles: Permissions.invoicesWrite, title: 'invoice_create', area: 'billing' },
  { path: '/invoices/billing-run', roles: Permissions.billingRun, title: 'billing_run', area: 'billing-run' },
  { path: '/invoices/:id', roles: Permissions.invoicesRead, title: 'invoice_preview', area: 'billing' },
  {
    path: '/receivables',
    roles: Permissions.invoicesRead,
    title: 'receivables',
    drawer: true,
    icon: 'account_balance',
    area: 'receivables',
  },
  { path: '/receivables/overdue', roles: Permissions.invoicesRead, title: 'receivables_overdue', area: 'receivables' },
  {
    path: '/documents-flow',
    roles: Permissions.documentsFlow,
    title: 'documents_flow',
    drawer: true,
    icon: 'folder',
    area: 'documents-flow',
  },
  { path: '/calendar', roles: Permissions.calendar, title: 'calendar', drawer: true, icon: 'event', area: 'calendar' },
  {
    path: '/settings',
    roles: Permissions.settings,
    title: 'settings',
    drawer: true,
    icon: 'settings',
    area: 'settings',
  },
  { path: '/settings/setup', roles: Permissions.setupStatus, title: 'setup', area: 'settings', parent: '/settings' },
  settingsChild('my-company', 'my_company'),
  settingsChild('invoices', 'invoice_settings'),
  settingsChild('mail-templates', 'mail_templates'),
  settingsChild('reminders', 'reminder_settings'),
  settingsChild('outgoing-mail', 'outgoing_mail'),
  settingsChild('currencies', 'currencies'),
  settingsChild('vat-types', 'vat_types'),
  settingsChild('document-types', 'document_types'),
  settingsChild('event-categories', 'event_categories'),
  settingsChild('payment-types', 'payment_types'),
  settingsChild('services', 'services'),
  settingsChild('document-flow-categories', 'document_flow_categories'),
  settingsChild('logs', 'logs'),
  settingsChild('security', 'security_settings'),
  settingsChild('users', 'users'),
  settingsChild('users/create', 'user_create', false),
  settingsChild('users/:id', 'user_preview', false),
  /** The user's own second factor and sessions (the profile menu), for every signed-in user. */
  { path: '/account/security', roles: EVERYONE, title: 'account_security', area: 'account' },
  { path: '/my-companies', roles: CLIENT, title: 'my_companies', drawer: true, icon: 'business', area: 'portal' },
  { path: '/my-companies/:id', roles: CLIENT, title: 'my_company_preview', area: 'portal' },
  { path: '/my-contracts', roles: CLIENT, title: 'my_contracts', drawer: true, icon: 'description', area: 'portal' },
  { path: '/my-contracts/:id', roles: CLIENT, title: 'my_contract_preview', area: 'portal' },
  { path: '/my-invoices', roles: CLIENT, title: 'my_invoices', drawer: true, icon: 'receipt', area: 'portal' },
  { path: '/my-invoices/:id', roles: CLIENT, title: 'my_invoice_preview', area: 'portal' },
  {
    path: '/my-proforma-invoices',
    roles: CLIENT,
    title: 'my_proforma_invoices',
    drawer: true,
    icon: 'request_quote',
    area: 'portal',
  },
  { path: '/my-proforma-invoices/:id', roles: CLIENT, title: 'my_proforma_invoice_preview', area: 'portal' },
  {
    path: '/my-documents-flow',
    roles: CLIENT,
    title: 'my_documents_flow',
    drawer: true,
    icon: 'folder',
    area: 'portal',
  },
];

export function canAccess(roles: readonly AccessValue[] | undefined, access: number): boolean {
  if (access < 0) return false;
  return roles === undefined || (roles as readonly number[]).includes(access);
}

/** Routes the user may open, in matrix order. */
export function permittedRoutes(access: number): WebRoute[] {
  return WEB_ROUTES.filter((route) => canAccess(route.roles, access));
}

/** Routes for the side drawer. */
export function drawerRoutes(access: number): WebRoute[] {
  return permittedRoutes(access).filter((route) => route.drawer);
}

/** First route a user lands on: /clients for staff who may see it, else the first permitted list route. */
export function landingPath(access: number): string {
  const visible = drawerRoutes(access).filter((route) => !route.parent);
  if (visible.some((route) => route.path === '/clients')) return '/clients';
  const first = visible[0];
  if (first?.path === '/settings') return '/settings/users';
  return first?.path ?? '/login';
}

/** Matches a concrete path (no query) against the route table; returns the route or undefined. */
export function matchRoute(path: string): WebRoute | undefined {
  const clean = path.split('?')[0].replace(/\/+$/, '') || '/';
  const parts = clean.split('/');
  const exact = WEB_ROUTES.find((route) => route.path === clean);
  if (exact) return exact;
  return WEB_ROUTES.find((route) => {
    const pattern = route.path.split('/');
    return (
      pattern.length === parts.length && pattern.every((segment, i) => segment.startsWith(':') || segment === parts[i])
    );
  });
}
