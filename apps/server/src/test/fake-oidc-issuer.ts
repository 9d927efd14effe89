import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from 'jose';
import { FakeHttpServer, header, type FakeAnswer, type FakeRequest } from './fake-http-server.js';

/**
 * A small local OpenID Connect issuer for tests, speaking the parts of the protocol Google sign-in uses:
 * discovery, JWKS, an authorization endpoint that signs the configured user in at once, and a token
 * endpoint that checks client authentication, the redirect URI and PKCE before minting an RS256 ID token.
 */

/** Ways the ID token can be wrong, for the negative tests. */
export type IdTokenFault = 'wrong_audience' | 'bad_signature' | 'wrong_nonce' | 'unverified_email' | 'expired';

export interface FakeUser {
  sub: string;
  email: string;
  name?: string;
  emailVerified?: boolean;
}

export interface AuthorizeRequest {
  clientId: string;
  redirectUri: string;
  scope: string;
  state: string | undefined;
  nonce: string | undefined;
  codeChallenge: string;
  codeChallengeMethod: string;
}

export interface TokenRequest {
  clientAuth: 'client_secret_basic' | 'client_secret_post' | 'none';
  ok: boolean;
  error?: string;
}

export interface FakeOidcIssuer {
  /** The issuer identifier, http://127.0.0.1:<port>. */
  readonly issuer: string;
  readonly clientId: string;
  readonly clientSecret: string;
  /** Who signs in at /authorize; change it between sign-ins. */
  user: FakeUser;
  /** A fault for the ID tokens minted from now on, or null for good tokens. */
  fault: IdTokenFault | null;
  /** When set, /authorize answers with this OAuth error (e.g. access_denied) instead of a code. */
  authorizeError: string | null;
  readonly authorizeRequests: AuthorizeRequest[];
  readonly tokenRequests: TokenRequest[];
  /** Every code, token and ID token it handed out, to check none reaches a log. */
  readonly issuedSecrets: string[];
  close(): Promise<void>;
}

interface PendingCode {
  request: AuthorizeRequest;
  user: FakeUser;
  used: boolean;
}

const KEY_ID = 'fake-key-1';

export async function startFakeOidcIssuer(
  options: { clientId?: string; clientSecret?: string; user?: FakeUser } = {},
): Promise<FakeOidcIssuer> {
  const clientId = options.clientId ?? 'pass-test-client.apps.example.com';
  const clientSecret = options.clientSecret ?? 'pass-test-secret';
  const signingKey = await generateKeyPair('RS256');
  // Another key presented under the same key id: its signatures do not verify against the JWKS.
  const otherKey = await generateKeyPair('RS256');
  const publicJwk: JWK = { ...(await exportJWK(signingKey.publicKey)), kid: KEY_ID, alg: 'RS256', use: 'sig' };
  const codes = new Map<string, PendingCode>();

  const server = new FakeHttpServer({
    routes: [
      { method: 'GET', path: '/.well-known/openid-configuration', answer: () => discovery() },
      { method: 'GET', path: '/jwks', answer: () => json(200, { keys: [publicJwk] }) },
      { method: 'GET', path: '/authorize', answer: (request) => authorize(request.url) },
      { method: 'POST', path: '/token', answer: (request) => token(request) },
    ],
    notFound: () => json(404, { error: 'not_found' }),
    record: (request) => request,
  });
  const issuer = await server.start();

  const fake: FakeOidcIssuer = {
    issuer,
    clientId,
    clientSecret,
    user: options.user ?? { sub: '1234567890', email: 'grace@example.com', name: 'Grace Hopper', emailVerified: true },
    fault: null,
    authorizeError: null,
    authorizeRequests: [],
    tokenRequests: [],
    issuedSecrets: [],
    close: () => server.stop(),
  };

  function discovery(): FakeAnswer {
    return json(200, {
      issuer,
      authorization_endpoint: `${issuer}/authorize`,
      token_endpoint: `${issuer}/token`,
      jwks_uri: `${issuer}/jwks`,
      response_types_supported: ['code'],
      subject_types_supported: ['public'],
      id_token_signing_alg_values_supported: ['RS256'],
      scopes_supported: ['openid', 'email', 'profile'],
      token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
      code_challenge_methods_supported: ['S256'],
      claims_supported: ['aud', 'email', 'email_verified', 'exp', 'iat', 'iss', 'name', 'sub', 'nonce'],
    });
  }

  function authorize(url: URL): FakeAnswer {
    const query = url.searchParams;
    const recorded: AuthorizeRequest = {
      clientId: query.get('client_id') ?? '',
      redirectUri: query.get('redirect_uri') ?? '',
      scope: query.get('scope') ?? '',
      state: query.get('state') ?? undefined,
      nonce: query.get('nonce') ?? undefined,
      codeChallenge: query.get('code_challenge') ?? '',
      codeChallengeMethod: query.get('code_challenge_method') ?? '',
    };
    fake.authorizeRequests.push(recorded);
    if (recorded.clientId !== clientId) return json(400, { error: 'invalid_client' });
    if (query.get('response_type') !== 'code' || !recorded.scope.split(' ').includes('openid')) {
      return json(400, { error: 'invalid_request' });
    }
    if (!recorded.redirectUri || !recorded.codeChallenge || recorded.codeChallengeMethod !== 'S256') {
      return json(400, { error: 'invalid_request' });
    }
    const back = new URL(recorded.redirectUri);
    if (fake.authorizeError) {
      back.searchParams.set('error', fake.authorizeError);
    } else {
      const code = randomBytes(24).toString('base64url');
      fake.issuedSecrets.push(code);
      codes.set(code, { request: recorded, user: { ...fake.user }, used: false });
      back.searchParams.set('code', code);
    }
    if (recorded.state !== undefined) back.searchParams.set('state', recorded.state);
    return { status: 302, headers: { location: back.href } };
  }

  async function token(request: FakeRequest): Promise<FakeAnswer> {
    const body = new URLSearchParams(request.text);
    const refuse = (status: number, error: string, clientAuth: TokenRequest['clientAuth']) => {
      fake.tokenRequests.push({ clientAuth, ok: false, error });
      return json(status, { error });
    };

    // Client authentication: HTTP Basic (form-encoded id and secret) or the two in the body.
    let clientAuth: TokenRequest['clientAuth'] = 'none';
    let presentedId: string | null = null;
    let presentedSecret: string | null = null;
    const authorization = header(request, 'authorization');
    if (authorization?.startsWith('Basic ')) {
      clientAuth = 'client_secret_basic';
      const decoded = Buffer.from(authorization.slice(6), 'base64').toString('utf8');
      const colon = decoded.indexOf(':');
      presentedId = decodeURIComponent(decoded.slice(0, colon).replace(/\+/g, ' '));
      presentedSecret = decodeURIComponent(decoded.slice(colon + 1).replace(/\+/g, ' '));
    } else if (body.has('client_secret')) {
      clientAuth = 'client_secret_post';
      presentedId = body.get('client_id');
      presentedSecret = body.get('client_secret');
    }
    if (presentedId !== clientId || presentedSecret === null || !same(presentedSecret, clientSecret)) {
      return refuse(401, 'invalid_client', clientAuth);
    }
    if (body.get('grant_type') !== 'authorization_code') return refuse(400, 'unsupported_grant_type', clientAuth);
    const pending = codes.get(body.get('code') ?? '');
    if (!pending || pending.used) return refuse(400, 'invalid_grant', clientAuth);
    pending.used = true;
    if (body.get('redirect_uri') !== pending.request.redirectUri) return refuse(400, 'invalid_grant', clientAuth);
    const verifier = body.get('code_verifier') ?? '';
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    if (!verifier || !same(challenge, pending.request.codeChallenge)) return refuse(400, 'invalid_grant', clientAuth);

    const idToken = await mintIdToken(pending);
    const accessToken = randomBytes(24).toString('base64url');
    fake.issuedSecrets.push(idToken, accessToken);
    fake.tokenRequests.push({ clientAuth, ok: true });
    return json(200, {
      access_token: accessToken,
      token_type: 'Bearer',
      expires_in: 3599,
      scope: pending.request.scope,
      id_token: idToken,
    });
  }

  function mintIdToken({ request, user }: PendingCode): Promise<string> {
    const fault = fake.fault;
    const now = Math.floor(Date.now() / 1000);
    const issuedAt = fault === 'expired' ? now - 2 * 3600 : now;
    const key: CryptoKey = fault === 'bad_signature' ? otherKey.privateKey : signingKey.privateKey;
    return new SignJWT({
      email: user.email,
      email_verified: fault === 'unverified_email' ? false : (user.emailVerified ?? true),
      ...(user.name ? { name: user.name } : {}),
      ...(request.nonce !== undefined
        ? { nonce: fault === 'wrong_nonce' ? 'not-the-nonce-that-was-sent' : request.nonce }
        : {}),
    })
      .setProtectedHeader({ alg: 'RS256', kid: KEY_ID, typ: 'JWT' })
      .setIssuer(issuer)
      .setSubject(user.sub)
      .setAudience(fault === 'wrong_audience' ? 'another-client.apps.example.com' : clientId)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + 3600)
      .sign(key);
  }

  return fake;
}

function json(status: number, body: unknown): FakeAnswer {
  return { status, headers: { 'cache-control': 'no-store' }, json: body };
}

function same(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
