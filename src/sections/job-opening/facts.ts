/**
 * The facts of a role in words, the same on the role's page and in its job posting for search
 * engines (src/app/head.ts): pay in rupees with Indian digit grouping, years of experience, hours.
 */
import type { Experience, Salary, WorkingHours } from '../../generated/schema-types.ts';

/** `₹16,00,000`: rupees grouped as people in India write them (lakh, crore), whatever the visitor's locale. */
export function rupees(amount: number): string {
  const digits = String(Math.round(amount));
  const last = digits.slice(-3);
  const groups: string[] = [];
  let rest = digits.slice(0, -3);
  while (rest.length > 2) {
    groups.unshift(rest.slice(-2));
    rest = rest.slice(0, -2);
  }
  if (rest) groups.unshift(rest);
  return `₹${[...groups, last].join(',')}`;
}

/** `₹8,00,000 to ₹16,00,000`, or the reason there is no range. */
export const salaryText = (salary: Salary): string =>
  salary.range ? `${rupees(salary.range.min)} to ${rupees(salary.range.max)}` : (salary.reason ?? '');

/** What a salary range is: pay for a year, before tax. */
export const SALARY_UNIT = 'a year, before tax (CTC)';

/** `2 to 5 years`, `5 years or more`, `Up to 2 years`, `None needed`. */
export function experienceText({ min, max }: Experience): string {
  const years = (n: number) => `${n} ${n === 1 ? 'year' : 'years'}`;
  if (min === 0) return max === undefined ? 'None needed' : `Up to ${years(max)}`;
  if (max === undefined) return `${years(min)} or more`;
  return `${min} to ${years(max)}`;
}

/** `Monday to Friday, 10:00 to 19:00, IST (UTC+05:30)`: the days and hours with their time zone. */
export const hoursText = (hours: WorkingHours): string => `${hours.schedule}, ${hours.timeZone}`;
