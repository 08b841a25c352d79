import { date, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './core.ts';

const common = () => ({
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  type: text('type').notNull().default(''),
  notes: text('notes').notNull().default(''),
  created: timestamp('created', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  createdBy: uuid('created_by'),
  updated: timestamp('updated', { withTimezone: true, mode: 'string' }),
});

/** Education entries of a user. */
export const userEducations = pgTable(
  'user_educations',
  {
    ...common(),
    place: text('place').notNull(),
    degree: text('degree').notNull().default(''),
    startDate: date('start_date', { mode: 'string' }),
    endDate: date('end_date', { mode: 'string' }),
  },
  (t) => [index('user_educations_user_idx').on(t.userId, t.startDate)],
);

/** Work experience entries of a user. */
export const userExperiences = pgTable(
  'user_experiences',
  {
    ...common(),
    position: text('position').notNull(),
    company: text('company').notNull(),
    dateOfJoin: date('date_of_join', { mode: 'string' }),
    dateOfRetire: date('date_of_retire', { mode: 'string' }),
    location: text('location').notNull().default(''),
    responsibilities: jsonb('responsibilities').$type<string[]>().notNull().default([]),
    description: text('description').notNull().default(''),
  },
  (t) => [index('user_experiences_user_idx').on(t.userId, t.dateOfJoin)],
);
