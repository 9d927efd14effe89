import {
  AcceptedResponse,
  AccountSetupBody,
  ChangePasswordBody,
  errorResponses,
  EmailRevertResponse,
  ErrorBody,
  LoginBody,
  LogoutOthersResponse,
  OkResponse,
  PasswordResetBody,
  PasswordResetRequestBody,
  RegisterBody,
  RegisterResponse,
  ResendVerificationBody,
  ResetTokenValidResponse,
  SessionInfoResponse,
  TokenParams,
  UpdateProfileBody,
  UserResponse,
  VerifyResponse,
} from '@pass/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { recordAuditEvent } from '../audit/audit.service.js';
import { listMemberSubscriptions } from '../billing/billing.service.js';
import {
  auditContext,
  clearSessionCookie,
  getSession,
  requireSession,
  setSessionCookie,
  signalMember,
  type AuthDeps,
} from './auth-context.js';
import * as authService from './auth.service.js';
import { DEVICE_COOKIE, setDeviceCookie } from './device-cookie.js';
import { endSession, idleExpiry, SESSION_COOKIE } from './sessions.service.js';

const authErrors = { ...errorResponses, 401: ErrorBody, 403: ErrorBody, 429: ErrorBody } as const;
const LoginHeaders = z.object({
  'x-auth-token': z.string().max(200).optional(),
  'x-auth-ident': z.string().max(200).optional(),
});

/** The account endpoints of the specification (section 7) plus sign-up, verification, profile and setup. */
export const authRoutes: FastifyPluginAsyncZod<AuthDeps> = async (app, deps) => {
  const tags = ['auth'];

  app.post(
    '/auth/register',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Sign up; a verification mail follows',
        body: RegisterBody,
        response: { 201: RegisterResponse, ...authErrors },
      },
    },
    async (request, reply) => {
      await authService.register(deps, auditContext(request), request.body);
      return reply.code(201).send({ data: { status: 'verification_sent' as const } });
    },
  );

  app.post(
    '/auth/verify/resend',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Mail a new verification link',
        body: ResendVerificationBody,
        response: { 202: AcceptedResponse, ...authErrors },
      },
    },
    async (request, reply) => {
      await authService.resendVerification(deps, auditContext(request), request.body.email);
      return reply.code(202).send({ data: { status: 'accepted' as const } });
    },
  );

  app.post(
    '/auth/verify/:token',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Confirm an email address (or a new one, after a change) from the mailed link',
        params: TokenParams,
        response: { 200: VerifyResponse, ...authErrors },
      },
    },
    async (request) => {
      await authService.verifyEmail(deps, auditContext(request), request.params.token);
      return { data: { verified: true as const } };
    },
  );

  app.post(
    '/auth/login',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Log in with a username (or email) and password; starts a session',
        body: LoginBody,
        headers: LoginHeaders,
        response: { 200: UserResponse, ...authErrors },
      },
    },
    async (request, reply) => {
      const result = await authService.login(deps, auditContext(request), {
        body: request.body,
        ip: request.ip,
        deviceId: request.headers['x-auth-token'] ?? null,
        identHeader: request.headers['x-auth-ident'],
        currentSession: request.cookies[SESSION_COOKIE],
        deviceCookie: request.cookies[DEVICE_COOKIE],
      });
      setSessionCookie(reply, deps.config, result.sessionId);
      setDeviceCookie(reply, deps.config, result.deviceCookie);
      return { data: result.user };
    },
  );

  app.get(
    '/auth/whoami',
    {
      config: { access: 'member' },
      schema: { tags, summary: 'The signed-in member', response: { 200: UserResponse, ...authErrors } },
    },
    async (request, reply) => {
      const session = await requireSession(deps, request);
      reply.header('cache-control', 'no-store');
      const subscriptions = await listMemberSubscriptions(deps.db, session.user.id);
      return { data: authService.toAccountUser(session.user, deps.now(), subscriptions) };
    },
  );

  app.get(
    '/auth/info',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Whether the caller is signed in, and the session times',
        response: { 200: SessionInfoResponse },
      },
    },
    async (request, reply) => {
      const session = await getSession(deps, request);
      reply.header('cache-control', 'no-store');
      return {
        data: {
          authenticated: session !== null,
          user: session
            ? authService.toAccountUser(
                session.user,
                deps.now(),
                await listMemberSubscriptions(deps.db, session.user.id),
              )
            : null,
          session: session
            ? {
                createdAt: session.createdAt.toISOString(),
                lastSeenAt: session.lastSeenAt.toISOString(),
                idleExpiresAt: idleExpiry(session).toISOString(),
                expiresAt: session.expiresAt.toISOString(),
              }
            : null,
        },
      };
    },
  );

  // Only by POST with the CSRF pair (decision 054): a GET could be sent by any page a member opens, and would
  // sign them out. It ends only the caller's own session, and closes that session's sockets on every instance.
  app.post(
    '/auth/logout',
    {
      config: { access: 'public' },
      schema: { tags, summary: 'End the current session', response: { 200: OkResponse } },
    },
    async (request, reply) => {
      const cookie = request.cookies[SESSION_COOKIE];
      if (cookie) {
        const userId = await endSession(deps.db, cookie);
        if (userId !== null) {
          await recordAuditEvent(deps.db, auditContext(request), 'logout', userId);
          await signalMember(deps, userId, 'sessions_ended', request.log);
        }
      }
      clearSessionCookie(reply, deps.config);
      return { data: { ok: true as const } };
    },
  );

  app.post(
    '/auth/logout/others',
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary:
          "Sign out every other device: each of the member's sessions but this one ends, with its open chat " +
          'rooms (at most 10 times an hour)',
        response: { 200: LogoutOthersResponse, ...authErrors },
      },
    },
    async (request) => {
      const session = await requireSession(deps, request);
      const ended = await authService.logOutOtherSessions(deps, auditContext(request), session);
      return { data: { sessions_ended: ended } };
    },
  );

  app.post(
    '/auth/passwd/reset',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Mail a password reset link (the same answer whether or not the account exists)',
        body: PasswordResetRequestBody,
        response: { 202: AcceptedResponse, ...authErrors },
      },
    },
    async (request, reply) => {
      await authService.requestPasswordReset(deps, auditContext(request), request.body);
      return reply.code(202).send({ data: { status: 'accepted' as const } });
    },
  );

  app.get(
    '/auth/passwd/reset/:token',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Whether a reset token can still be used',
        params: TokenParams,
        response: { 200: ResetTokenValidResponse, ...authErrors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
      return authService.isResetTokenUsable(deps, request.params.token);
    },
  );

  app.post(
    '/auth/passwd/reset/:token',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Set a new password from a reset link; ends every session of the account',
        params: TokenParams,
        body: PasswordResetBody,
        response: { 200: OkResponse, ...authErrors },
      },
    },
    async (request, reply) => {
      // Set first, so refusals carry it too.
      reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
      await authService.resetPassword(deps, auditContext(request), request.params.token, request.body);
      return { data: { ok: true as const } };
    },
  );

  app.patch(
    '/auth/profile',
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary:
          'Change name, username or email (with the current password); a new email is confirmed from the link mailed to it',
        body: UpdateProfileBody,
        response: { 200: UserResponse, ...authErrors },
      },
    },
    async (request) => {
      const session = await requireSession(deps, request);
      return { data: await authService.updateProfile(deps, auditContext(request), session, request.body) };
    },
  );

  app.post(
    '/auth/email/revert/:token',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary:
          'Undo an email change from the link mailed to the old address: the address is back, every session ends, the password must be reset',
        params: TokenParams,
        response: { 200: EmailRevertResponse, ...authErrors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
      await authService.revertEmailChange(deps, auditContext(request), request.params.token);
      return { data: { reverted: true as const } };
    },
  );

  app.post(
    '/auth/password',
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary: 'Change the password (the current one is required); other sessions end',
        body: ChangePasswordBody,
        response: { 200: OkResponse, ...authErrors },
      },
    },
    async (request) => {
      const session = await requireSession(deps, request);
      await authService.changePassword(deps, auditContext(request), session, request.body);
      return { data: { ok: true as const } };
    },
  );

  app.post(
    '/auth/setup',
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary: 'Choose a username and name after signing up with Google, once: a set-up account answers 409',
        body: AccountSetupBody,
        response: { 200: UserResponse, ...authErrors, 409: ErrorBody },
      },
    },
    async (request) => {
      const session = await requireSession(deps, request);
      return { data: await authService.completeSetup(deps, auditContext(request), session, request.body) };
    },
  );
};
