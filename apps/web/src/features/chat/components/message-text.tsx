import Link from '@mui/material/Link';
import { linkify } from '../lib/linkify';

/**
 * A message's text: plain text, never HTML (React escapes every part), with its http and https addresses as
 * links that open in a new tab without giving the page they open a handle on this one.
 */
export function MessageText({ text }: { text: string }) {
  return (
    <>
      {linkify(text).map((part, index) =>
        part.kind === 'link' ? (
          <Link
            key={index}
            href={part.href}
            target="_blank"
            rel="noopener noreferrer nofollow"
            sx={{ overflowWrap: 'anywhere' }}
          >
            {part.text}
          </Link>
        ) : (
          <span key={index}>{part.text}</span>
        ),
      )}
    </>
  );
}
