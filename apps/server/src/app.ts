import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyServerOptions } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { failure, ok } from './http/envelope.ts';
import { errorHandler } from './http/error-handler.ts';
import { clientErrorHandler, frameworkErrors } from './http/framework-errors.ts';
import { authGuard } from './http/guard.ts';
import type { AppInstance, RouteInfo } from './http/types.ts';
import {
  accountRoutes,
  authRoutes,
  AuthService,
  MfaCrypto,
  mfaRoutes,
  MfaService,
  PasswordResetService,
  SecuritySettingsService,
  SessionsService,
  TokenService,
} from './modules/auth/index.ts';
import { bankRoutes, BanksService } from './modules/banks/index.ts';
import {
  BillingItemsService,
  billingPaymentRoutes,
  BillingPaymentsService,
  billingRoutes,
  contractBillingRoutes,
  BillingService,
  BillingTransformsService,
  BillingDraftsService,
} from './modules/billing/index.ts';
import { billingRunRoutes, BillingRunService } from './modules/billing-run/index.ts';
import { calendarRoutes, EventsService, InvitationsService } from './modules/calendar/index.ts';
import { clientBankOwner, clientRoutes, ClientsService, OfficesService } from './modules/clients/index.ts';
import {
  contractDocumentParent,
  ContractServicesService,
  contractRoutes,
  ContractsService,
} from './modules/contracts/index.ts';
import { documentRoutes, DocumentsService, userDocumentParent } from './modules/documents/index.ts';
import { documentsFlowRoutes, DocumentsFlowService } from './modules/documents-flow/index.ts';
import {
  DocumentMailService,
  documentMailRoutes,
  MailTemplatesService,
  mailTemplateOf,
  mailTemplateRoutes,
} from './modules/document-mail/index.ts';
import { einvoiceRoutes } from './modules/einvoice/index.ts';
import { MonthPackageService, monthPackageRoutes } from './modules/einvoice/index.ts';
import { logRoutes, LogsService } from './modules/logs/index.ts';
import { MailSender, MailsService, mailRoutes } from './modules/mail/index.ts';
import { metadataRoutes, MetadataService } from './modules/metadata/index.ts';
import {
  DictionaryService,
  InvoiceSettingsService,
  MyCompanyService,
  settingsRoutes,
  SetupStatusService,
} from './modules/settings/index.ts';
import {
  PortalBillingService,
  PortalClientsService,
  PortalContractsService,
  portalRoutes,
} from './modules/portal/index.ts';
import { receivablesRoutes, StatementService, statementRoutes } from './modules/receivables/index.ts';
import {
  ReminderScheduler,
  reminderRoutes,
  ReminderSettingsService,
  RemindersService,
} from './modules/reminders/index.ts';
import { timesheetRoutes, TimesheetsService } from './modules/timesheets/index.ts';
import { UserRecordsService, userRoutes, UsersService } from './modules/users/index.ts';

export interface BuildOptions {
  config: Config;
  database: Database;
  jwtSecret: string;
  logger?: FastifyServerOptions['logger'];
}

declare module 'fastify' {
  interface FastifyInstance {
    apiRoutes: RouteInfo[];
    /** The outbox's sender (tests: `app.mail.drain()` delivers what is due). */
    mail: MailSender;
    /** The daily payment reminder run's clock (tests: `app.reminders.tick(now)`). */
    reminders: ReminderScheduler;
  }
}

/** Longer path parameters answer 400 before routing (ids are 36 characters). */
export const MAX_PARAM_LENGTH = 100;

const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../web/dist', import.meta.url));

/** Builds the Fastify app: plugins, error handling, the guard and every module. It does not listen. */
export async function buildApp(options: BuildOptions): Promise<AppInstance> {
  const { config, database } = options;
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: 2 * 1024 * 1024,
    trustProxy: false,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: MAX_PARAM_LENGTH },
    // While closing, our own hook answers 503 in the envelope (Fastify's would not be).
    return503OnClosing: false,
    requestTimeout: 5 * 60 * 1000,
    // What the router and Node's parser refuse before our hooks run still answers the envelope.
    frameworkErrors,
    clientErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(errorHandler);

  const isProduction = config.APP_ENV === 'production';
  const tokens = new TokenService(options.jwtSecret, config.TOKEN_TTL_HOURS);
  const auth = new AuthService(database.db, tokens, {
    maxAttempts: config.SIGNIN_MAX_ATTEMPTS,
    windowMinutes: config.SIGNIN_WINDOW_MINUTES,
    isProduction,
  });
  // The second factor: the sign-in asks its gate after a correct password, and it completes the sign-in after a code.
  const securitySettings = new SecuritySettingsService(database.db);
  const mfa = new MfaService(database.db, new MfaCrypto(options.jwtSecret), securitySettings);
  mfa.useSignIn(auth);
  auth.setMfaGate((user) => mfa.gate(user));

  // Every API route states who may call it; the list feeds the permission-matrix test.
  app.decorate('apiRoutes', [] as RouteInfo[]);
  app.decorateRequest('user', null);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return;
    const config = (route.config ?? {}) as { permission?: RouteInfo['permission']; public?: boolean };
    if (!config.public && !config.permission) throw new Error(`Route ${route.method} ${route.url} names no permission`);
    const consumes = (route.schema as { consumes?: string[] } | undefined)?.consumes ?? [];
    const files = consumes.includes('multipart/form-data');
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      app.apiRoutes.push({
        method: String(method),
        url: route.url,
        permission: config.permission,
        public: Boolean(config.public),
        files,
      });
    }
  });

  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        frameSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(multipart, { limits: { fileSize: config.MAX_UPLOAD_MB * 1024 * 1024, files: 1, fields: 50 } });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Kantora API', version: '0.1.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });

  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onRequest', async (_request, reply) => {
    if (closing) return reply.header('Connection', 'close').status(503).send(failure('service_unavailable'));
  });
  app.addHook('onRequest', authGuard(auth));

  app.get('/healthz', { config: { public: true } }, async (_request, reply) => {
    try {
      await database.db.execute(sql`select 1`);
      return ok({ status: 'ok', database: database.kind });
    } catch {
      return reply.status(503).send(failure('database_unreachable'));
    }
  });
  app.get('/api/docs', { config: { public: true }, schema: { hide: true } }, async () => app.swagger());

  authRoutes(app, auth, isProduction);
  mfaRoutes(app, mfa, securitySettings, auth);
  const { db } = database;
  const mail = new MailSender(db, {
    smtpUrl: config.SMTP_URL,
    from: config.MAIL_FROM,
    retryBaseMs: config.MAIL_RETRY_BASE_MS,
    maxAttempts: config.MAIL_MAX_ATTEMPTS,
    leaseSeconds: config.MAIL_LEASE_SECONDS,
    pollMs: config.MAIL_POLL_MS,
    log: app.log,
  });
  app.decorate('mail', mail);
  mail.start();
  app.addHook('onClose', () => mail.stop());
  mailRoutes(app, new MailsService(db, mail));
  const [myCompany, invoices, dictionaries, banks, users] = [
    new MyCompanyService(db),
    new InvoiceSettingsService(db),
    new DictionaryService(db),
    new BanksService(db),
    new UsersService(db),
  ];
  settingsRoutes(app, { myCompany, invoices, dictionaries, setupStatus: new SetupStatusService(db) });
  bankRoutes(app, banks);
  banks.registerOwner('company', clientBankOwner(db));
  const offices = new OfficesService(db);
  clientRoutes(app, new ClientsService(db, { offices, banks }), offices);
  userRoutes(app, users, new UserRecordsService(db));
  const contracts = new ContractsService(db);
  const contractServices = new ContractServicesService(db, contracts);
  contractRoutes(app, contracts, contractServices);
  const billing = {
    documents: new BillingService(db, invoices),
    items: new BillingItemsService(db),
    transforms: new BillingTransformsService(db, { contracts, settings: invoices }),
    drafts: new BillingDraftsService(db, invoices),
  };
  billingRoutes(app, 'invoice', billing);
  billingRoutes(app, 'proforma', billing);
  contractBillingRoutes(app, billing.transforms);
  billingRunRoutes(app, new BillingRunService(db, { settings: invoices, billing: billing.documents }));
  const payments = new BillingPaymentsService(db);
  billingPaymentRoutes(app, 'invoice', payments);
  billingPaymentRoutes(app, 'proforma', payments);
  monthPackageRoutes(app, new MonthPackageService(db));
  einvoiceRoutes(app, db);
  const documentMail = new DocumentMailService(db);
  documentMailRoutes(app, 'invoice', documentMail);
  documentMailRoutes(app, 'proforma', documentMail);
  mailTemplateRoutes(app, new MailTemplatesService(db));
  contracts.onRegister((tx, actor, contract) => billing.transforms.onContractRegistered(tx, actor, contract));
  documentRoutes(app, new DocumentsService(db, { user: userDocumentParent, contract: contractDocumentParent(db) }));
  documentsFlowRoutes(app, new DocumentsFlowService(db, { lockDays: config.DOCUMENT_FLOW_LOCK_DAYS }), auth);
  const portalContracts = new PortalContractsService(db, contracts, contractServices);
  portalRoutes(app, {
    companies: new PortalClientsService(db),
    contracts: portalContracts,
    billing: new PortalBillingService(db, billing, portalContracts),
  });
  timesheetRoutes(app, new TimesheetsService(db, { lockDays: config.TIMESHEET_LOCK_DAYS }));
  receivablesRoutes(app, db);
  statementRoutes(app, new StatementService(db));
  logRoutes(app, new LogsService(db));
  const events = new EventsService(db, {
    publicUrl: config.PUBLIC_URL,
    company: async (executor) => (await myCompany.row(executor))?.name ?? null,
    template: (executor, language) => mailTemplateOf(executor, 'invitation', language),
  });
  calendarRoutes(app, events, new InvitationsService(db), auth);
  // Password reset by e-mail and the sessions of a user (docs/decisions.md, "Account security").
  accountRoutes(app, {
    sessions: new SessionsService(db),
    passwordReset: new PasswordResetService(db, {
      publicUrl: config.PUBLIC_URL,
      company: async (executor) => (await myCompany.row(executor))?.name ?? null,
      template: (executor, language) => mailTemplateOf(executor, 'passwordReset', language),
    }),
  });
  metadataRoutes(app, new MetadataService(db, { myCompany, invoices, dictionaries, banks }), dictionaries, users);
  const reminders = new RemindersService(db);
  reminderRoutes(app, { settings: new ReminderSettingsService(db), reminders });
  const reminderClock = new ReminderScheduler(reminders, {
    checkMs: config.REMINDERS_CHECK_MS,
    hour: config.REMINDERS_HOUR,
    log: app.log,
  });
  app.decorate('reminders', reminderClock);
  reminderClock.start();
  app.addHook('onClose', () => reminderClock.stop());

  const webDist = resolve(config.WEB_DIST ?? DEFAULT_WEB_DIST);
  if (existsSync(resolve(webDist, 'index.html'))) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: 'index.html',
      setHeaders: (res, path) => {
        res.header('Cache-Control', /[\\/]assets[\\/]/.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    request.log.debug({ url: request.url }, 'not found');
    return reply.status(404).send(failure('not_found'));
  });

  return app;
}
