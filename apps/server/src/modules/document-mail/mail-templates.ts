import {
  DEFAULT_MAIL_TEMPLATES,
  LOCALES,
  type Locale,
  MAIL_TEMPLATE_KINDS,
  MAIL_TEMPLATE_PLACEHOLDERS,
  type MailTemplateKind,
  type MailTemplateRef,
  type MailTemplateSave,
  type MailTemplateText,
  type MailTemplateView,
} from '@kantora/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import { mailTemplates } from '../../db/schema/index.ts';
import type { Actor } from '../../http/actor.ts';
import { iso } from '../../http/dto.ts';
import { logChange } from '../logs/index.ts';

const LOG = { name: 'MailTemplate', model: 'mail_templates' } as const;

type TemplateRow = typeof mailTemplates.$inferSelect;

function templateView(kind: MailTemplateKind, language: Locale, row: TemplateRow | undefined): MailTemplateView {
  const fallback = DEFAULT_MAIL_TEMPLATES[kind][language];
  return {
    kind,
    language,
    subject: row?.subject ?? fallback.subject,
    body: row?.body ?? fallback.body,
    isDefault: !row,
    updated: iso(row?.updated),
    placeholders: MAIL_TEMPLATE_PLACEHOLDERS[kind],
  };
}

async function templateRow(executor: Executor, kind: MailTemplateKind, language: Locale) {
  const [row] = await executor
    .select()
    .from(mailTemplates)
    .where(and(eq(mailTemplates.kind, kind), eq(mailTemplates.language, language)));
  return row;
}

/** The template a message of a kind is rendered from: the one saved in Settings, else the built-in default. */
export async function mailTemplateOf(
  executor: Executor,
  kind: MailTemplateKind,
  language: Locale,
): Promise<MailTemplateText> {
  const { subject, body } = templateView(kind, language, await templateRow(executor, kind, language));
  return { subject, body };
}

/** Settings → mail templates (admin): every kind × language, a saved text or the default; save and reset. */
export class MailTemplatesService {
  constructor(private readonly db: Db) {}

  async list(): Promise<MailTemplateView[]> {
    const rows = await this.db.select().from(mailTemplates);
    const saved = new Map(rows.map((row) => [`${row.kind}/${row.language}`, row]));
    return MAIL_TEMPLATE_KINDS.flatMap((kind) =>
      LOCALES.map((language) => templateView(kind, language, saved.get(`${kind}/${language}`))),
    );
  }

  async get(ref: MailTemplateRef): Promise<MailTemplateView> {
    return templateView(ref.kind, ref.language, await templateRow(this.db, ref.kind, ref.language));
  }

  /** Writes the kind and language's text (the default's text too: it is then kept as saved). */
  async save(actor: Actor, input: MailTemplateSave): Promise<MailTemplateView> {
    return this.db.transaction(async (tx) => {
      const old = await templateRow(tx, input.kind, input.language);
      const [row] = await tx
        .insert(mailTemplates)
        .values({
          kind: input.kind,
          language: input.language,
          subject: input.subject,
          body: input.body,
          updatedBy: actor.id,
        })
        .onConflictDoUpdate({
          target: [mailTemplates.kind, mailTemplates.language],
          set: { subject: input.subject, body: input.body, updated: sql`now()`, updatedBy: actor.id },
        })
        .returning();
      const view = templateView(input.kind, input.language, row);
      await logChange(tx, LOG, {
        doc: row.id,
        action: 'save',
        old: old ? templateView(input.kind, input.language, old) : null,
        new: view,
        actor,
      });
      return view;
    });
  }

  /** Back to the built-in default: the saved row goes (nothing saved: the default as it is). */
  async reset(actor: Actor, ref: MailTemplateRef): Promise<MailTemplateView> {
    return this.db.transaction(async (tx) => {
      const [old] = await tx
        .delete(mailTemplates)
        .where(and(eq(mailTemplates.kind, ref.kind), eq(mailTemplates.language, ref.language)))
        .returning();
      if (old)
        await logChange(tx, LOG, {
          doc: old.id,
          action: 'reset',
          old: templateView(ref.kind, ref.language, old),
          new: null,
          actor,
        });
      return templateView(ref.kind, ref.language, undefined);
    });
  }
}
