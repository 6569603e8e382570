import { Fragment } from 'react';

/** Renders content text in which `**double asterisks**` mark emphasis; nothing else is markup. */
export function RichText({ text }: { readonly text: string }) {
  const parts = text.split(/(\*\*[^*]+\*\*)/g).filter(Boolean);
  return (
    <>
      {parts.map((part, i) =>
        part.startsWith('**') && part.endsWith('**') ? (
          <strong key={i}>{part.slice(2, -2)}</strong>
        ) : (
          <Fragment key={i}>{part}</Fragment>
        ),
      )}
    </>
  );
}

/** The text without its emphasis marks, for attributes such as `aria-label` and `alt`. */
export const plainText = (text: string) => text.replace(/\*\*([^*]+)\*\*/g, '$1');
