/**
 * The path this document was loaded at, read once when the app starts (main.tsx imports this first). The server
 * sends a page's content security policy with its document, so what a later screen may load depends on where the
 * document began, not on the address in-app navigation has moved to since (decision 046).
 */
export const documentStartPath: string = typeof window === 'undefined' ? '/' : window.location.pathname;
