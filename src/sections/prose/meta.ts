import type { SectionMeta } from '../meta-types.ts';
import { headingDepths, headingLevel, parseProse, proseBlocks } from './markdown.ts';

export const meta: SectionMeta<'prose'> = {
  // The section's heading when it has one, then each `##` … heading of its Markdown.
  outline: (section, { top }) => {
    const hasHeading = section.heading !== undefined;
    return [
      ...(hasHeading ? [{ level: top, path: ['heading'] }] : []),
      ...headingDepths(parseProse(section.body)).map((depth) => ({
        level: headingLevel(depth, top, hasHeading),
        path: ['body'],
      })),
    ];
  },
  // Legal texts name the company's address and officers, which content/site.yaml holds once.
  fillSitePlaceholders: (section, fill) => ({ ...section, body: fill(section.body) }),
  // The body as the section draws it, parsed once by the build rather than by every visitor.
  prepare: (section) => ({ ...section, blocks: proseBlocks(section.body) }),
  derivedFrom: { blocks: 'body' },
};
