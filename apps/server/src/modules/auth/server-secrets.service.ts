/**
 * Named secrets the server keeps in its database, made once by the first instance that needs one: the device
 * cookies' key here, the unsubscribe links' key in notifications.
 */
export { getOrCreateServerSecret } from './auth.repository.js';
