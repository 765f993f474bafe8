import { and, desc, eq, gte, isNull, lte, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/connection.js';
import { birthdayGreetings, buyerBirthdays, projects, telegramBuyers } from '../../db/schema.js';
import type { DayMonth } from './dates.js';

export async function readBirthday(db: Executor, projectId: number, buyerTgId: string) {
  const [row] = await db
    .select({ day: buyerBirthdays.day, month: buyerBirthdays.month, givenAt: buyerBirthdays.givenAt })
    .from(buyerBirthdays)
    .where(and(eq(buyerBirthdays.projectId, projectId), eq(buyerBirthdays.buyerTgId, buyerTgId)));
  return row;
}

/**
 * Keeps the date, or changes it when the stored one was given no later than `changeableBefore`
 * (a year ago). One statement, so two presses at once cannot both change it. Answers false when
 * the change was refused.
 */
export async function saveBirthday(
  db: Executor,
  birthday: DayMonth & { projectId: number; buyerTgId: string; givenAt: Date; changeableBefore: Date },
): Promise<boolean> {
  const { projectId, buyerTgId, day, month, givenAt, changeableBefore } = birthday;
  const rows = await db
    .insert(buyerBirthdays)
    .values({ projectId, buyerTgId, day, month, givenAt })
    .onConflictDoUpdate({
      target: [buyerBirthdays.projectId, buyerBirthdays.buyerTgId],
      set: { day, month, givenAt },
      setWhere: lte(buyerBirthdays.givenAt, changeableBefore),
    })
    .returning({ projectId: buyerBirthdays.projectId });
  return rows.length > 0;
}

/**
 * Birthdays celebrated on a day, of live actions whose birthday function is on, not greeted in
 * `year` yet, with the action's name and settings.
 */
export async function findBirthdaysToGreet(
  db: Executor,
  dates: DayMonth[],
  year: number,
  page: { after: { projectId: number; buyerTgId: string } | undefined; limit: number },
) {
  const b = buyerBirthdays;
  return db
    .select({
      projectId: b.projectId,
      buyerTgId: b.buyerTgId,
      givenAt: b.givenAt,
      actionName: projects.name,
      features: projects.botFeatures,
      pointsLifetimeDays: projects.pointsLifetimeDays,
    })
    .from(b)
    .innerJoin(projects, eq(projects.id, b.projectId))
    .leftJoin(
      birthdayGreetings,
      and(eq(birthdayGreetings.projectId, b.projectId), eq(birthdayGreetings.buyerTgId, b.buyerTgId), eq(birthdayGreetings.year, year)),
    )
    .where(
      and(
        or(...dates.map(({ day, month }) => and(eq(b.month, month), eq(b.day, day)))),
        isNull(projects.deletedAt),
        sql`${projects.botFeatures} -> 'birthday' ->> 'enabled' = 'true'`,
        isNull(birthdayGreetings.year),
        page.after && sql`(${b.projectId}, ${b.buyerTgId}) > (${page.after.projectId}::int, ${page.after.buyerTgId}::text)`,
      ),
    )
    .orderBy(b.projectId, b.buyerTgId)
    .limit(page.limit);
}

/** Takes the year's greeting; false when another instance or run already took it. */
export async function takeGreeting(
  db: Executor,
  greeting: { projectId: number; buyerTgId: string; year: number; points: number; greetedAt: Date },
): Promise<boolean> {
  const rows = await db.insert(birthdayGreetings).values(greeting).onConflictDoNothing().returning({ year: birthdayGreetings.year });
  return rows.length > 0;
}

const RESULTS_LIMIT = 500;

/** The action's shoppers who gave their birthday, the latest first. */
export async function listBirthdays(db: Executor, projectId: number) {
  const b = buyerBirthdays;
  return db
    .select({
      buyerTgId: b.buyerTgId,
      firstName: telegramBuyers.firstName,
      username: telegramBuyers.username,
      day: b.day,
      month: b.month,
      givenAt: b.givenAt,
    })
    .from(b)
    .leftJoin(telegramBuyers, eq(telegramBuyers.buyerTgId, b.buyerTgId))
    .where(eq(b.projectId, projectId))
    .orderBy(desc(b.givenAt))
    .limit(RESULTS_LIMIT);
}

/** The action's greetings since a moment, the latest first. */
export async function listGreetings(db: Executor, projectId: number, since: Date) {
  const g = birthdayGreetings;
  return db
    .select({
      buyerTgId: g.buyerTgId,
      firstName: telegramBuyers.firstName,
      username: telegramBuyers.username,
      points: g.points,
      greetedAt: g.greetedAt,
    })
    .from(g)
    .leftJoin(telegramBuyers, eq(telegramBuyers.buyerTgId, g.buyerTgId))
    .where(and(eq(g.projectId, projectId), gte(g.greetedAt, since)))
    .orderBy(desc(g.greetedAt))
    .limit(RESULTS_LIMIT);
}
