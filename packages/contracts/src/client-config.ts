import { z } from 'zod';

/** `GET /api/config`: the settings the web app needs at run time, none of them secret. */
export const ClientConfigResponse = z.object({
  supportEmail: z.string(),
  appStoreUrl: z.string().nullable(),
  playStoreUrl: z.string().nullable(),
  poolMaxPerLifeguard: z.number().int(),
  /** Whether "Continue with Google" works: the server has a Google client configured. */
  googleSignIn: z.boolean(),
  /** PayPal's buttons: the public client id and the SDK's address, or null when the server sells nothing. */
  paypal: z.object({ clientId: z.string(), sdkUrl: z.string() }).nullable(),
});
export type ClientConfigResponse = z.infer<typeof ClientConfigResponse>;
