/**
 * How a member is named to others (pools' standings, grid, head-to-head, Last Man Standing, chat and mails): the
 * name they gave their account when it has one, else their username. The username stays their identity (`@`
 * mentions, sign-in); this is only what is shown.
 */
export function displayName(user: { username: string; name?: string | null }): string {
  const name = user.name?.trim();
  return name ? name : user.username;
}
