/** The React side of a posted form (./posted.ts): the page's posted form, for the form it belongs to. */
import { createContext, useContext } from 'react';
import type { PostedForm } from './posted.ts';

export const PostedFormContext = createContext<PostedForm | null>(null);

/** The posted form a form shows, when the page was sent back with it: same submission type and, for an application, same role. */
export function usePostedForm(submission: PostedForm['submission'], role: string | undefined): PostedForm | null {
  const posted = useContext(PostedFormContext);
  if (!posted || posted.submission !== submission) return null;
  return posted.role === undefined || posted.role === role ? posted : null;
}
