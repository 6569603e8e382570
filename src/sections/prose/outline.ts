import type { Outline } from '../outline.ts';
import { headingDepths, headingLevel, parseProse } from './markdown.ts';

/** The section's heading when it has one, then each `##` … heading of its Markdown. */
export const outline: Outline<'prose'> = (section, { top }) => {
  const hasHeading = section.heading !== undefined;
  return [
    ...(hasHeading ? [{ level: top, path: ['heading'] }] : []),
    ...headingDepths(parseProse(section.body)).map((depth) => ({ level: headingLevel(depth, top, hasHeading), path: ['body'] })),
  ];
};
