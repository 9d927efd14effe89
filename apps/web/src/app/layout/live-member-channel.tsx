import { useMatch } from 'react-router';
import { pathTo } from '../../config/paths';
import { useLiveEntries } from '../../lib/use-live-games';

/**
 * The member's own live channel on every screen but the one ending the session (a post in one of their rooms
 * lights the chat dot at once). Loaded by the navigation after the first page: it brings the live socket's code
 * and the frames' schemas, which the home page's first JavaScript does without.
 */
export default function LiveMemberChannel() {
  useLiveEntries(useMatch(pathTo('logout')) === null);
  return null;
}
